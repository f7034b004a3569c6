// A family moves a child from its seat to another class of the semester, in one step: to a seat left, the seat held
// given up only as the new one is taken, so a move refused (the seat went meanwhile) leaves the child where it was;
// or onto a full class's waitlist, the seat held kept until one there is the child's.
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import type { Class, NamedEnrollment } from '@contract/records';
import { useChange } from '../api/changes';
import { useCatalogueRead } from '../api/queries';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { counted } from '../layout/counted';
import { LoadFailure } from '../layout/LoadFailure';
import { scheduleSummary } from '../layout/schedule';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { useToast } from '../layout/toast';
import { Waiting } from '../layout/Waiting';

/** The classes a child could move to now: open, none it is in already; those with a seat left first. */
const classesElsewhere = (classes: Class[], alreadyIn: readonly string[]) =>
  classes
    .filter((cls) => !alreadyIn.includes(cls.id) && cls.status === 'open')
    .sort((a, b) => Number(a.seatsLeft === 0) - Number(b.seatsLeft === 0) || a.name.localeCompare(b.name));

export function MoveDialog({
  enrollment,
  alreadyIn,
  onClose,
}: {
  enrollment: NamedEnrollment;
  /** The classes the child holds a seat or a waitlist place in (this one's included). */
  alreadyIn: readonly string[];
  onClose: () => void;
}) {
  const labelId = useId();
  const show = useToast();
  const timeZone = useProgrammeTimeZone();
  const transfer = useChange('transferEnrollment');
  const semesterClasses = useCatalogueRead('classesBySemester', { semesters: [enrollment.semesterId] });
  const [classId, setClassId] = useState('');
  const firstName = enrollment.studentName.split(' ')[0];
  const choices = classesElsewhere(semesterClasses.data?.classes[enrollment.semesterId] ?? [], alreadyIn);
  const chosen = choices.find((cls) => cls.id === classId);
  const waits = chosen !== undefined && chosen.seatsLeft === 0;

  const move = async () => {
    const { enrollment: moved } = await transfer.mutateAsync({
      enrollmentId: enrollment.id,
      classId,
      ...(waits && { waitForSeat: true }),
    });
    show(
      moved.status === 'waitlisted'
        ? {
            severity: 'success',
            summary: 'On the waitlist',
            detail: `${firstName} is on the waitlist for ${chosen?.name}${moved.waitlistPosition ? ` (position ${moved.waitlistPosition})` : ''} and keeps the seat in ${enrollment.className} until a seat there is theirs.`,
          }
        : {
            severity: 'success',
            summary: 'Moved',
            detail: `${firstName} is enrolled in ${chosen?.name}; the seat in ${enrollment.className} went to the next child waiting.`,
          },
    );
  };

  return (
    <ConfirmDialog
      title={`Move ${firstName} to another class?`}
      confirmLabel={
        chosen
          ? waits
            ? `Wait for a seat in ${chosen.name}`
            : `Move ${firstName} to ${chosen.name}`
          : 'Choose a class'
      }
      keepLabel="Keep the seat"
      busyLabel="Moving…"
      confirmDisabled={!chosen}
      action={move}
      onClose={onClose}
    >
      <DialogContentText id={labelId} sx={{ mb: 1 }}>
        {firstName} keeps the seat in {enrollment.className} until the new one is taken, in one step. In a full class,{' '}
        {firstName} joins the end of its waitlist and keeps this seat until a seat there is theirs; then {firstName}{' '}
        moves, and this seat goes to the next child waiting.
      </DialogContentText>
      {semesterClasses.isPending && <Waiting />}
      {semesterClasses.isError && (
        <LoadFailure
          what="The semester's classes"
          error={semesterClasses.error}
          onRetry={() => void semesterClasses.refetch()}
        />
      )}
      {semesterClasses.isSuccess && choices.length === 0 && (
        <DialogContentText>No other class of the semester takes enrollments now.</DialogContentText>
      )}
      {choices.length > 0 && (
        <RadioGroup aria-labelledby={labelId} value={classId} onChange={(event) => setClassId(event.target.value)}>
          {choices.map((cls) => (
            <FormControlLabel
              key={cls.id}
              value={cls.id}
              control={<Radio />}
              label={`${cls.name} · ${scheduleSummary(cls.meetings, timeZone)} · ${cls.seatsLeft > 0 ? `${counted(cls.seatsLeft, 'seat')} left` : 'Full: wait for a seat, keeping this one'}`}
            />
          ))}
        </RadioGroup>
      )}
    </ConfirmDialog>
  );
}
