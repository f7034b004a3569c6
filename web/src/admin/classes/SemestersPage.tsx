// /admin/classes/management: the semesters, newest first, to open one's classes or to create and edit them.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Semester } from '@contract/records';
import { useFunction } from '../../api/queries';
import { Section } from '../../layout/Section';
import { LoadFailure } from '../../layout/LoadFailure';
import { useMomentText } from '../../layout/RemoteConfig';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { ListTable, NameCell } from '../ListTable';
import { usePaged } from '../usePaged';
import { SemesterDialog } from './SemesterDialog';
import { registrationText, semesterDates, waitlistModeText } from './semesterText';
import { PageTitle } from '../../layout/PageTitle';
import { linkTo } from '../../layout/paths';

export function SemestersPage() {
  const semesters = useFunction('semesters');
  const show = useToast();
  const [editing, setEditing] = useState<Semester | 'new'>();
  const page = usePaged(semesters.data?.semesters ?? [], 10);
  const moment = useMomentText();

  return (
    <Stack spacing={3}>
      <PageTitle title="Class Management" summary="Semesters, their classes and class groups." />
      <Section title="Semesters">
        {semesters.isPending && <Waiting />}
        {semesters.isError && (
          <LoadFailure what="The semesters" error={semesters.error} onRetry={() => void semesters.refetch()} />
        )}
        {semesters.isSuccess && semesters.data.semesters.length === 0 && (
          <Typography color="text.secondary">No semesters yet. Create the first one, then add its classes.</Typography>
        )}
        {page.rows.length > 0 && (
          <ListTable label="Semesters" columns={['Semester', 'Registration', { name: 'Actions', align: 'right' }]}>
            {page.rows.map((semester) => (
              <TableRow key={semester.id}>
                <NameCell
                  to={linkTo.managedSemester(semester.id)}
                  name={semester.name}
                  badge={semester.current && <Chip size="small" color="primary" label="Current" />}
                  detail={semesterDates(semester)}
                />
                <TableCell>
                  {registrationText(semester, moment)}
                  <Box sx={{ color: 'text.secondary' }}>{waitlistModeText(semester)}</Box>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={linkTo.managedSemester(semester.id)}
                    aria-label={`Classes of ${semester.name}`}
                  >
                    Classes
                  </Button>
                  <Button size="small" onClick={() => setEditing(semester)} aria-label={`Edit ${semester.name}`}>
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
        {page.pagination}
        <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ mt: 1 }}>
          New semester
        </Button>
      </Section>
      {editing && (
        <SemesterDialog
          semester={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            show({ severity: 'success', summary: 'Saved', detail: `${saved.name} is saved.` });
            setEditing(undefined);
          }}
        />
      )}
    </Stack>
  );
}
