// The family's children on /account/manage: add, change and remove them.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { gradeLabel } from '../../../lambdas/grades';
import type { Student } from '../../../lambdas/records';
import { useChange } from '../api/changes';
import { useFunction } from '../api/queries';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { LoadFailure } from '../layout/LoadFailure';
import { Waiting } from '../layout/Waiting';
import { dateLabel } from '../layout/schedule';
import { useToast } from '../layout/toast';
import { StudentForm } from './students/StudentForm';

const describe = (student: Student) =>
  [gradeLabel(student.grade), student.school, `born ${dateLabel(student.birthDate)}`].filter(Boolean).join(' · ');

export function StudentsSection() {
  const students = useFunction('students');
  const deleteStudent = useChange('deleteStudent');
  const show = useToast();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [editing, setEditing] = useState<Student | 'new'>();
  const [removing, setRemoving] = useState<Student>();

  const remove = async (student: Student) => {
    await deleteStudent.mutateAsync({ id: student.id });
    show({ severity: 'success', summary: 'Removed', detail: `${student.firstName} was removed from your account.` });
  };

  if (students.isPending) return <Waiting />;
  if (students.isError) {
    return <LoadFailure what="Your children" error={students.error} onRetry={() => void students.refetch()} />;
  }
  const list = students.data.students;
  return (
    <Stack spacing={1}>
      {list.length === 0 ? (
        <Typography color="text.secondary">
          No children yet. Add each child you want to enroll; their details are kept for every semester.
        </Typography>
      ) : (
        <List disablePadding aria-label="Your children">
          {list.map((student) => (
            <ListItem
              key={student.id}
              divider
              disableGutters
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={() => setEditing(student)} aria-label={`Edit ${student.firstName}`}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRemoving(student)}
                    aria-label={`Remove ${student.firstName}`}
                  >
                    Remove
                  </Button>
                </Stack>
              }
            >
              <ListItemText
                primary={`${student.firstName} ${student.lastName}`}
                secondary={describe(student)}
                sx={{ pr: 16 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ alignSelf: 'flex-start' }}>
        Add a child
      </Button>

      <Dialog
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        fullWidth
        maxWidth="md"
        fullScreen={fullScreen}
        aria-labelledby="student-dialog-title"
      >
        <DialogTitle id="student-dialog-title">
          {editing === 'new' ? 'Add a child' : `Edit ${editing?.firstName ?? ''}`}
        </DialogTitle>
        <DialogContent dividers>
          {editing !== undefined && (
            <StudentForm
              student={editing === 'new' ? undefined : editing}
              onCancel={() => setEditing(undefined)}
              onSaved={(saved) => {
                show({ severity: 'success', summary: 'Saved', detail: `${saved.firstName}'s details are saved.` });
                setEditing(undefined);
              }}
            />
          )}
        </DialogContent>
      </Dialog>

      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.firstName}?`}
          confirmLabel="Remove"
          keepLabel="Keep"
          busyLabel="Removing…"
          destructive
          action={() => remove(removing)}
          onClose={() => setRemoving(undefined)}
        >
          <DialogContentText>
            {removing.firstName}'s details, including health information and emergency contacts, will be deleted from
            your account. A child who is enrolled or on a waitlist must have those enrollments cancelled first.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
