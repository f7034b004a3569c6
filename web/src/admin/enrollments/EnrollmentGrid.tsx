// The enrollments in a Data Grid (sorting, paging, row virtualization for a semester of 1,500 students),
// with the actions an enrollment allows in its last column.
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, type ReactElement } from 'react';
import { gradeName } from '@contract/grades';
import type { SemesterEnrollment } from '@contract/records';
import { wallClockOf } from '@contract/moments';
import { useMomentText, useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { shortDate } from '../../layout/schedule';
import { guardianEmailsText, statusLabel } from '../students/studentSheet';
import { EmailText } from '../../layout/EmailText';
import { studentName } from './enrollmentFilters';

export type EnrollmentAction = 'cancel' | 'promote' | 'move';

const STATUS_COLOR = { enrolled: 'success', waitlisted: 'warning', cancelled: 'default' } as const;

interface Props {
  rows: SemesterEnrollment[];
  groupNames: Map<string, string>;
  loading: boolean;
  /** What the grid says when no row is shown. */
  emptyText: string;
  onAction: (action: EnrollmentAction, enrollment: SemesterEnrollment) => void;
}

export function EnrollmentGrid({ rows, groupNames, loading, emptyText, onAction }: Props) {
  const narrow = useMediaQuery('(max-width:1099.95px)');
  const moment = useMomentText();
  const timeZone = useProgrammeTimeZone();
  const columns = useMemo(
    (): GridColDef<SemesterEnrollment>[] => [
      {
        field: 'student',
        headerName: 'Student',
        flex: 1,
        minWidth: 150,
        valueGetter: (_value, row) => studentName(row),
      },
      {
        field: 'grade',
        headerName: 'Grade',
        width: 80,
        valueGetter: (_value, row) => row.student.grade,
        valueFormatter: (value?: number) => (value === undefined ? '' : gradeName(value)),
      },
      { field: 'className', headerName: 'Class', flex: 1.3, minWidth: 170 },
      {
        field: 'status',
        headerName: 'Status',
        width: 140,
        valueGetter: (_value, row) => statusLabel(row, moment),
        renderCell: ({ row, value }) => <Chip size="small" color={STATUS_COLOR[row.status]} label={value as string} />,
      },
      {
        field: 'group',
        headerName: 'Group',
        width: 150,
        valueGetter: (_value, row) => (row.groupId ? (groupNames.get(row.groupId) ?? 'a class group') : ''),
      },
      {
        field: 'guardianEmail',
        headerName: 'Family e-mail',
        flex: 1,
        minWidth: 190,
        valueGetter: (_value, row) => guardianEmailsText(row),
        renderCell: ({ value }) => <EmailText>{value as string}</EmailText>,
      },
      {
        field: 'createdAt',
        headerName: 'Since',
        width: 110,
        // The day on the programme's clock: an evening enrollment is not the next day's.
        valueFormatter: (value: string) => shortDate(wallClockOf(value, timeZone).slice(0, 10)),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 130,
        getActions: ({ row }) => {
          const who = `${studentName(row)} in ${row.className}`;
          const action = (kind: EnrollmentAction, label: string, title: string, icon: ReactElement) => (
            <GridActionsCellItem
              key={kind}
              icon={icon}
              label={`${label} ${who}`}
              title={title}
              onClick={() => onAction(kind, row)}
            />
          );
          if (row.status === 'cancelled') return [];
          return [
            ...(row.status === 'waitlisted'
              ? [action('promote', 'Promote', 'Promote from the waitlist', <ArrowUpwardIcon />)]
              : []),
            // A group enrollment moves only as a whole: the server refuses to move one of its classes.
            ...(row.groupId ? [] : [action('move', 'Move', 'Move to another class', <SwapHorizIcon />)]),
            action('cancel', 'Cancel', 'Cancel the enrollment', <EventBusyIcon />),
          ];
        },
      },
    ],
    [groupNames, onAction, moment, timeZone],
  );
  return (
    <Box sx={{ height: 'min(70vh, 760px)', minHeight: 380 }}>
      <DataGrid
        aria-label="Enrollments"
        rows={rows}
        columns={columns}
        // What tells rows apart (a class's whole name, "Alpine Navigation (Juniors)") wraps instead of being cut.
        getRowHeight={() => 'auto'}
        sx={{ '& .MuiDataGrid-cell': { whiteSpace: 'normal', overflowWrap: 'break-word', lineHeight: 1.35, py: 0.75 } }}
        loading={loading && rows.length === 0}
        density="compact"
        disableColumnFilter
        disableRowSelectionOnClick
        pageSizeOptions={[25, 50, 100]}
        initialState={{
          pagination: { paginationModel: { pageSize: 100 } },
          sorting: { sortModel: [{ field: 'student', sort: 'asc' }] },
          // On a tablet the grid keeps what an action needs; the column menu shows the rest.
          columns: { columnVisibilityModel: narrow ? { grade: false, guardianEmail: false, createdAt: false } : {} },
        }}
        localeText={{ noRowsLabel: emptyText }}
      />
    </Box>
  );
}
