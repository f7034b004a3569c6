// A semester's classes for management: find one, open it to edit, delete it (or close it when it has enrollments).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Class } from '@contract/records';
import { useChange } from '../../api/changes';
import { useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { gradesLabel, scheduleSummary } from '../../layout/schedule';
import { useToast } from '../../layout/toast';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { ListTable, NameCell, wideOnly } from '../ListTable';
import { usePaged } from '../usePaged';
import { linkTo } from '../../layout/paths';

export function ClassList({ classes }: { classes: Class[] }) {
  const show = useToast();
  const timeZone = useProgrammeTimeZone();
  const deleteClass = useChange('deleteClass');
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<Class>();
  const wanted = search.trim().toLowerCase();
  const page = usePaged(classes.filter((cls) => cls.name.toLowerCase().includes(wanted)));

  const remove = async (cls: Class) => {
    const { closed } = await deleteClass.mutateAsync({ id: cls.id });
    show(
      closed
        ? {
            severity: 'info',
            summary: 'Closed instead',
            detail: `${cls.name} has enrollments, so it was closed instead of deleted: its roster stays and nobody new can enroll.`,
          }
        : { severity: 'success', summary: 'Deleted', detail: `${cls.name} was deleted.` },
    );
  };

  if (classes.length === 0) return <Typography color="text.secondary">No classes in this semester yet.</Typography>;
  return (
    <Stack spacing={1}>
      <TextField
        size="small"
        label="Find a class"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ maxWidth: 320 }}
      />
      <ListTable
        label="Classes"
        columns={['Class', { name: 'Meetings', wide: true }, 'Seats', { name: 'Actions', align: 'right' }]}
      >
        {page.rows.map((cls) => (
          <TableRow key={cls.id}>
            <NameCell
              to={linkTo.managedClass(cls.id)}
              name={cls.name}
              badge={cls.status === 'closed' && <Chip size="small" variant="outlined" label="Closed" />}
              detail={
                <>
                  {[gradesLabel(cls), cls.instructor].filter(Boolean).join(' · ')}
                  {/* On a phone the meetings column is left out, so Edit and Delete fit: they read here. */}
                  <Box component="span" sx={{ display: { xs: 'block', sm: 'none' } }}>
                    {scheduleSummary(cls.meetings, timeZone)}
                  </Box>
                </>
              }
            />
            <TableCell sx={wideOnly}>{scheduleSummary(cls.meetings, timeZone)}</TableCell>
            <TableCell>
              {cls.enrolled} / {cls.capacity}
              {cls.waitlisted > 0 && ` · ${cls.waitlisted} waiting`}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: { sm: 'nowrap' }, px: { xs: 0.5, sm: 2 } }}>
              <Button
                size="small"
                component={RouterLink}
                to={linkTo.managedClass(cls.id)}
                aria-label={`Edit ${cls.name}`}
              >
                Edit
              </Button>
              <Button size="small" color="error" onClick={() => setDeleting(cls)} aria-label={`Delete ${cls.name}`}>
                Delete
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      {page.rows.length === 0 && <Typography color="text.secondary">No class matches “{search}”.</Typography>}
      {page.pagination}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete class"
          destructive
          onClose={() => setDeleting(undefined)}
          action={() => remove(deleting)}
        >
          <DialogContentText>
            A class that never had enrollments is removed. One with enrollments, even cancelled ones, is closed instead:
            its roster and history stay, and nobody new can enroll. A class in a class group must be taken out of the
            group first.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
