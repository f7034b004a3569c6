// The audit record of the removals: when, by whom, which semesters, and what each call removed.
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FunctionResult } from '@contract/manifest';
import { useFunction } from '../../api/queries';
import { useMomentText } from '../../layout/RemoteConfig';
import { Section } from '../../layout/Section';
import { ListTable } from '../ListTable';

type Removal = FunctionResult<'dataRetention'>['removals'][number];

export function RemovalHistory({ removals }: { removals: Removal[] }) {
  // Administrators by id, to name who removed (one no longer an administrator is shown by id).
  const admins = useFunction('admins');
  const nameOf = (sub: string) => admins.data?.admins.find((admin) => admin.sub === sub)?.email ?? sub;
  const moment = useMomentText();
  return (
    <Section title="Removals">
      {removals.length === 0 ? (
        <Typography color="text.secondary">No records have been removed yet.</Typography>
      ) : (
        <ListTable label="Removals" columns={['When', 'By', 'Semesters', 'Removed']}>
          {removals.map((removal) => (
            <TableRow key={removal.id}>
              <TableCell>{moment(removal.at)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{nameOf(removal.by)}</TableCell>
              <TableCell>{removal.semesters.map((semester) => semester.name).join(', ')}</TableCell>
              <TableCell>
                {removal.removed.students} students, {removal.removed.enrollments} enrollments,{' '}
                {removal.removed.auditRecords} audit records
                {removal.removed.attendanceRecords ? `, ${removal.removed.attendanceRecords} attendance records` : ''}
                {removal.done ? '' : ' (one part; the removal went on)'}
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </Section>
  );
}
