// A family moves a child from its seat to a seat in another class of the semester, in one step: the classes with
// a seat left are offered; the seat held is given up only as the new one is taken, so a move refused (the seat
// went meanwhile) leaves the child where it was. A full class is not offered: its waitlist is on Class Registration.
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
import { useToast } from '../layout/toast';
import { Waiting } from '../layout/Waiting';

/** The classes a child could move to now: open, with a seat left, not the one it is in. */
const seatsElsewhere = (classes: Class[], from: NamedEnrollment) =>
  classes
    .filter((cls) => cls.id !== from.classId && cls.status === 'open' && cls.seatsLeft > 0)
    .sort((a, b) => a.name.localeCompare(b.name));

export function MoveDialog({ enrollment, onClose }: { enrollment: NamedEnrollment; onClose: () => void }) {
  const labelId = useId();
  const show = useToast();
  const transfer = useChange('transferEnrollment');
  const semesterClasses = useCatalogueRead('classesBySemester', { semesters: [enrollment.semesterId] });
  const [classId, setClassId] = useState('');
  const firstName = enrollment.studentName.split(' ')[0];
  const choices = seatsElsewhere(semesterClasses.data?.classes[enrollment.semesterId] ?? [], enrollment);
  const chosen = choices.find((cls) => cls.id === classId);

  const move = async () => {
    await transfer.mutateAsync({ enrollmentId: enrollment.id, classId });
    show({
      severity: 'success',
      summary: 'Moved',
      detail: `${firstName} is enrolled in ${chosen?.name}; the seat in ${enrollment.className} went to the next child waiting.`,
    });
  };

  return (
    <ConfirmDialog
      title={`Move ${firstName} to another class?`}
      confirmLabel={chosen ? `Move ${firstName} to ${chosen.name}` : 'Choose a class'}
      keepLabel="Keep the seat"
      busyLabel="Moving…"
      confirmDisabled={!chosen}
      action={move}
      onClose={onClose}
    >
      <DialogContentText id={labelId} sx={{ mb: 1 }}>
        {firstName} keeps the seat in {enrollment.className} until the new one is taken, in one step. These classes of
        the semester have a seat left; a full one's waitlist is on Class Registration.
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
        <DialogContentText>No other class of the semester has a seat left now.</DialogContentText>
      )}
      {choices.length > 0 && (
        <RadioGroup aria-labelledby={labelId} value={classId} onChange={(event) => setClassId(event.target.value)}>
          {choices.map((cls) => (
            <FormControlLabel
              key={cls.id}
              value={cls.id}
              control={<Radio />}
              label={`${cls.name} · ${scheduleSummary(cls.meetings)} · ${counted(cls.seatsLeft, 'seat')} left`}
            />
          ))}
        </RadioGroup>
      )}
    </ConfirmDialog>
  );
}
