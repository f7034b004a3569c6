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
import { dayOf } from '@contract/moments';
import type { NamedEnrollment, Student } from '@contract/records';
import { useChange } from '../api/changes';
import { useFunction } from '../api/queries';
import { useI18n } from '../i18n/account';
import { useFormat } from '../i18n/format';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { useCloseGuard } from '../layout/useCloseGuard';
import { LoadFailure } from '../layout/LoadFailure';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { Waiting } from '../layout/Waiting';
import { useToast } from '../layout/toast';
import { StudentForm } from './students/StudentForm';
import { gradeText } from '../layout/schedule';

/** A date alone (YYYY-MM-DD): "Jan 17, 2099" / "17 ene 2099". */
const DATE_ALONE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };

/** How many classes (or waitlists) each child is in: a child still in one cannot be removed. */
function activeByStudent(enrollments: NamedEnrollment[] | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const enrollment of enrollments ?? [])
    if (enrollment.status !== 'cancelled')
      counts.set(enrollment.studentId, (counts.get(enrollment.studentId) ?? 0) + 1);
  return counts;
}

export function StudentsSection() {
  const { t } = useI18n();
  const format = useFormat();
  const day = (date: string) => format.moment(`${date}T00:00:00Z`, DATE_ALONE);
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
  /** Grade, school, birth date and when the details were confirmed (a day on the programme's clock). */
  const describe = (student: Student) =>
    [
      gradeText(student.grade),
      student.school,
      t('account.students.born', { date: day(student.birthDate) }),
      student.detailsConfirmedAt
        ? t('account.students.confirmedOn', { date: day(dayOf(student.detailsConfirmedAt, timeZone)) })
        : t('account.students.neverConfirmed'),
    ]
      .filter(Boolean)
      .join(' · ');

  const remove = async (student: Student) => {
    await deleteStudent.mutateAsync({ id: student.id });
    show({
      severity: 'success',
      summary: t('account.students.removed'),
      detail: t('account.students.removedDetail', { name: student.firstName }),
    });
  };

  if (students.isPending) return <Waiting />;
  if (students.isError) {
    return (
      <LoadFailure
        what={t('account.students.loadWhat')}
        error={students.error}
        onRetry={() => void students.refetch()}
      />
    );
  }
  const list = students.data.students;
  return (
    <Stack spacing={1}>
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('account.students.none')}</Typography>
      ) : (
        <List disablePadding aria-label={t('account.students.list')}>
          {list.map((student) => {
            // Removing a child still in a class is refused: say so instead of offering it.
            const classes = held.get(student.id) ?? 0;
            const kept = classes > 0 && t('account.students.kept', { count: classes, name: student.firstName });
            return (
              <ListItem
                key={student.id}
                divider
                disableGutters
                secondaryAction={
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      onClick={() => setEditing(student)}
                      aria-label={t('account.students.editName', { name: student.firstName })}
                    >
                      {t('account.students.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setRemoving(student)}
                      disabled={!enrollments.isSuccess || classes > 0}
                      aria-label={t('account.students.removeName', { name: student.firstName })}
                    >
                      {t('account.students.remove')}
                    </Button>
                  </Stack>
                }
              >
                <ListItemText
                  primary={`${student.firstName} ${student.lastName}`}
                  secondary={
                    <>
                      {describe(student)}
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
        {t('account.students.add')}
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
          {editing === 'new'
            ? t('account.students.add')
            : t('account.students.editName', { name: editing?.firstName ?? '' })}
        </DialogTitle>
        <DialogContent dividers>
          {editing !== undefined && (
            <StudentForm
              student={editing === 'new' ? undefined : editing}
              onCancel={stopEditing}
              onTyped={() => setTyped(true)}
              onSaved={(saved) => {
                show({
                  severity: 'success',
                  summary: t('account.students.saved'),
                  detail: t('account.students.savedDetail', { name: saved.firstName }),
                });
                stopEditing();
              }}
              onConfirmed={(confirmed) => {
                show({
                  severity: 'success',
                  summary: t('account.students.confirmed'),
                  detail: t('account.students.confirmedDetail', { name: confirmed.firstName }),
                });
                stopEditing();
              }}
            />
          )}
        </DialogContent>
      </Dialog>

      {removing && (
        <ConfirmDialog
          title={t('account.students.removeTitle', { name: removing.firstName })}
          confirmLabel={t('account.students.remove')}
          keepLabel={t('account.students.keep')}
          busyLabel={t('account.students.removing')}
          destructive
          action={() => remove(removing)}
          onClose={() => setRemoving(undefined)}
        >
          <DialogContentText>{t('account.students.removeText', { name: removing.firstName })}</DialogContentText>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
