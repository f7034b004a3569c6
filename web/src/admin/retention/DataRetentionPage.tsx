// /admin/retention: how long children's records are kept, exactly what a removal would take now (ended
// semesters, their enrollments, the students who had nothing else), the students it keeps and why, the removal
// after a confirmation, and the record of past removals.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { FunctionResult } from '@contract/manifest';
import { useChange } from '../../api/changes';
import { useFunction } from '../../api/queries';
import { useSave } from '../../api/useSave';
import { dateLabel } from '../../layout/schedule';
import { Section } from '../../layout/Section';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { LoadFailure } from '../../layout/LoadFailure';
import { PageTitle } from '../../layout/PageTitle';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { downloadCsv, toCsv } from '../csv';
import { ListTable } from '../ListTable';
import { RemovalHistory } from './RemovalHistory';
import { counted } from '../../layout/counted';

type Preview = FunctionResult<'dataRetention'>;
type KeptFor = Preview['kept'][number]['keptFor'][number];

const dateText = dateLabel;

export function DataRetentionPage() {
  const preview = useFunction('dataRetention');
  return (
    <Stack spacing={3} sx={{ maxWidth: 980, mx: 'auto' }}>
      <PageTitle
        title="Data Retention"
        summary="Children's records are kept only as long as the programme needs them: the enrollments of semesters that ended long enough ago, and the students who had nothing else, are removed here."
      />
      {preview.isPending && <Waiting />}
      {preview.isError && (
        <LoadFailure what="What would be removed" error={preview.error} onRetry={() => void preview.refetch()} />
      )}
      {preview.data && <Retention preview={preview.data} />}
    </Stack>
  );
}

function Retention({ preview }: { preview: Preview }) {
  const [removing, setRemoving] = useState(false);
  const [progress, setProgress] = useState<string>();
  const show = useToast();
  const removeExpiredRecords = useChange('removeExpiredRecords');
  const { totals } = preview;

  const remove = async () => {
    const semesterIds = preview.semesters.map((semester) => semester.id);
    const removed = { enrollments: 0, students: 0 };
    for (;;) {
      const answer = await removeExpiredRecords.mutateAsync({ semesterIds });
      removed.enrollments += answer.removed.enrollments;
      removed.students += answer.removed.students;
      setProgress(
        `Removing… ${counted(removed.students, 'student')}, ${counted(removed.enrollments, 'enrollment')} so far`,
      );
      if (answer.done) break;
    }
    show({
      severity: 'success',
      summary: 'Removed',
      detail: `${counted(removed.students, 'student')} and ${counted(removed.enrollments, 'enrollment')} were removed.`,
    });
  };

  return (
    <>
      <SettingSection years={preview.setting.years} />
      <Section title="What a removal would remove now">
        <Typography gutterBottom>
          Records of semesters that ended before {dateText(preview.cutoff)} ({counted(preview.setting.years, 'year')}{' '}
          ago).
        </Typography>
        {totals.enrollments === 0 && totals.students === 0 ? (
          <Typography color="text.secondary">
            Nothing to remove: no semester that ended before that day holds children's records.
          </Typography>
        ) : (
          <Stack spacing={2}>
            <ListTable label="Ended semesters" columns={['Semester', 'Ended', { name: 'Enrollments', align: 'right' }]}>
              {preview.semesters.map((semester) => (
                <TableRow key={semester.id}>
                  <TableCell component="th" scope="row">
                    {semester.name}
                  </TableCell>
                  <TableCell>{dateText(semester.endDate)}</TableCell>
                  <TableCell align="right">{semester.enrollments}</TableCell>
                </TableRow>
              ))}
            </ListTable>
            <Typography>
              {counted(totals.enrollments, 'enrollment')} with their audit trail, and{' '}
              {counted(totals.students, 'student')} with nothing in a semester whose records stay (name, birth date,
              contacts, health notes).
              {preview.studentsKept > 0 &&
                ` ${counted(preview.studentsKept, 'student keeps', 'students keep')} their record, losing only these enrollments: something of theirs belongs to a semester whose records stay.`}
            </Typography>
            {preview.students.length > 0 && <StudentsToRemove students={preview.students} />}
            {preview.kept.length > 0 && <StudentsKept students={preview.kept} />}
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button variant="contained" color="error" onClick={() => setRemoving(true)}>
                Remove these records
              </Button>
            </Stack>
          </Stack>
        )}
      </Section>
      <RemovalHistory removals={preview.removals} />
      {removing && (
        <ConfirmDialog
          title="Remove these records for good?"
          confirmLabel="Remove records"
          busyLabel={progress ?? 'Removing…'}
          destructive
          action={remove}
          onClose={() => {
            setRemoving(false);
            setProgress(undefined);
          }}
        >
          <DialogContentText>
            {counted(totals.students, 'student')} and {counted(totals.enrollments, 'enrollment')} of{' '}
            {preview.semesters.map((semester) => semester.name).join(', ')} are removed from the portal. Only the
            table's backups keep them, until they expire (daily backups 35 days, monthly ones a year).
          </DialogContentText>
        </ConfirmDialog>
      )}
    </>
  );
}

function SettingSection({ years }: { years: number }) {
  const [draft, setDraft] = useState(String(years));
  const show = useToast();
  const { errors, message, saving, save } = useSave('saveRetention', { shows: (field) => field === 'years' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number(draft);
    const problem =
      Number.isInteger(wanted) && wanted >= 1 && wanted <= 50 ? undefined : 'must be a whole number from 1 to 50';
    void save({ years: wanted }, problem ? { years: problem } : {}).then((saved) => {
      if (saved)
        show({
          severity: 'success',
          summary: 'Saved',
          detail: `Records are kept ${counted(wanted, 'year')} after their semester ended.`,
        });
    });
  };
  return (
    <Section title="Retention setting">
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
        aria-label="Retention setting"
      >
        <TextField
          size="small"
          type="number"
          label="Years to keep records after a semester ended"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 50, step: 1 } }}
          error={!!errors.years}
          helperText={errors.years ?? 'The preview below follows the saved setting.'}
          sx={{ minWidth: 320 }}
        />
        <Button type="submit" variant="contained" disabled={saving || draft === String(years)}>
          {saving ? 'Saving…' : 'Save setting'}
        </Button>
      </Stack>
      {message && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {message}
        </Alert>
      )}
    </Section>
  );
}

function StudentsToRemove({ students }: { students: Preview['students'] }) {
  const csv = () =>
    downloadCsv(
      'students-to-remove.csv',
      toCsv(students, [
        { header: 'Student', value: (student) => student.name },
        { header: 'Birth date', value: (student) => student.birthDate },
        { header: 'Enrollments', value: (student) => student.enrollments },
      ]),
    );
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3">
          Students who would be removed
        </Typography>
        <Button onClick={csv}>CSV</Button>
      </Stack>
      <ListTable
        label="Students who would be removed"
        columns={['Student', 'Birth date', { name: 'Enrollments', align: 'right' }]}
      >
        {students.map((student, index) => (
          <StudentRow key={`${student.name}-${student.birthDate}-${index}`} student={student} />
        ))}
      </ListTable>
    </Stack>
  );
}

/** A student of the preview: name, birth date, enrollments removed, then the cells given. */
function StudentRow({ student, children }: { student: Preview['students'][number]; children?: ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {student.name}
      </TableCell>
      <TableCell>{dateText(student.birthDate)}</TableCell>
      <TableCell align="right">{student.enrollments}</TableCell>
      {children}
    </TableRow>
  );
}

const keptForText = ({ kind, semester }: KeptFor) =>
  ({
    enrollment: `an enrollment in ${semester.name}`,
    lotteryRequest: `a lottery request for ${semester.name}`,
    policyAcceptance: `policies accepted for ${semester.name}`,
  })[kind];

function StudentsKept({ students }: { students: Preview['kept'] }) {
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        Students who keep their record
      </Typography>
      <ListTable
        label="Students who keep their record"
        columns={['Student', 'Birth date', { name: 'Enrollments removed', align: 'right' }, 'Kept for']}
      >
        {students.map((student, index) => (
          <StudentRow key={`${student.name}-${student.birthDate}-${index}`} student={student}>
            <TableCell>{student.keptFor.map(keptForText).join('; ')}</TableCell>
          </StudentRow>
        ))}
      </ListTable>
    </Stack>
  );
}
