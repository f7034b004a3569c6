// The family's children on /account/manage: add, change and remove them.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
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
import { detailsConfirmedLabel } from '@contract/configNames';
import { gradeLabel } from '@contract/grades';
import type { NamedEnrollment, Student } from '@contract/records';
import { useChange } from '../api/changes';
import { useFunction } from '../api/queries';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { useCloseGuard } from '../layout/useCloseGuard';
import { LoadFailure } from '../layout/LoadFailure';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { Waiting } from '../layout/Waiting';
import { dateLabel } from '../layout/schedule';
import { useToast } from '../layout/toast';
import { StudentForm } from './students/StudentForm';
import { counted } from '../layout/counted';

/** `timeZone`: the programme's, whose clock tells the day the details were confirmed. */
const describe = (student: Student, timeZone: string) =>
  [
    gradeLabel(student.grade),
    student.school,
    `born ${dateLabel(student.birthDate)}`,
    `details confirmed ${detailsConfirmedLabel(student.detailsConfirmedAt, timeZone)}`,
  ]
    .filter(Boolean)
    .join(' · ');

/** How many classes (or waitlists) each child is in: a child still in one cannot be removed. */
function activeByStudent(enrollments: NamedEnrollment[] | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const enrollment of enrollments ?? [])
    if (enrollment.status !== 'cancelled')
      counts.set(enrollment.studentId, (counts.get(enrollment.studentId) ?? 0) + 1);
  return counts;
}

export function StudentsSection() {
  const students = useFunction('students');
  const enrollments = useFunction('myEnrollments');
  const deleteStudent = useChange('deleteStudent');
  const show = useToast();
  const timeZone = useProgrammeTimeZone();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [editing, setEditing] = useState<Student | 'new'>();
  const [typed, setTyped] = useState(false);
  const [removing, setRemoving] = useState<Student>();
  const stopEditing = () => {
    setEditing(undefined);
    setTyped(false);
  };
  const { close, question } = useCloseGuard(typed, stopEditing);
  const held = activeByStudent(enrollments.data?.enrollments);

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
          {list.map((student) => {
            // Removing a child still in a class is refused: say so instead of offering it.
            const classes = held.get(student.id) ?? 0;
            const kept =
              classes > 0 &&
              `In ${counted(classes, 'class', 'classes')} or waitlist${classes === 1 ? '' : 's'}: cancel ${classes === 1 ? 'it' : 'them'} under Enrollments before removing ${student.firstName}.`;
            return (
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
                      disabled={!enrollments.isSuccess || classes > 0}
                      aria-label={`Remove ${student.firstName}`}
                    >
                      Remove
                    </Button>
                  </Stack>
                }
              >
                <ListItemText
                  primary={`${student.firstName} ${student.lastName}`}
                  secondary={
                    <>
                      {describe(student, timeZone)}
                      {kept && (
                        <Box component="span" sx={{ display: 'block' }}>
                          {kept}
                        </Box>
                      )}
                    </>
                  }
                  sx={{ pr: 16 }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <Button startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ alignSelf: 'flex-start' }}>
        Add a child
      </Button>

      {question}
      <Dialog
        open={editing !== undefined}
        onClose={close}
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
              onCancel={stopEditing}
              onTyped={() => setTyped(true)}
              onSaved={(saved) => {
                show({ severity: 'success', summary: 'Saved', detail: `${saved.firstName}'s details are saved.` });
                stopEditing();
              }}
              onConfirmed={(confirmed) => {
                show({
                  severity: 'success',
                  summary: 'Confirmed',
                  detail: `${confirmed.firstName}'s details are confirmed as they are.`,
                });
                stopEditing();
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
            your account.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
