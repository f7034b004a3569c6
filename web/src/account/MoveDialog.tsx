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
import { LoadFailure } from '../layout/LoadFailure';
import { scheduleSummary } from '../layout/schedule';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { useToast } from '../layout/toast';
import { Waiting } from '../layout/Waiting';
import { useI18n } from '../i18n/enrollments';

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
  const { t } = useI18n();
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
    const names = { first: firstName, className: chosen?.name, kept: enrollment.className };
    show(
      moved.status === 'waitlisted'
        ? {
            severity: 'success',
            summary: t('enrollments.move.waiting'),
            detail: moved.waitlistPosition
              ? t('enrollments.move.waitingAtDetail', { ...names, position: moved.waitlistPosition })
              : t('enrollments.move.waitingDetail', names),
          }
        : {
            severity: 'success',
            summary: t('enrollments.move.moved'),
            detail: t('enrollments.move.movedDetail', names),
          },
    );
  };

  return (
    <ConfirmDialog
      title={t('enrollments.move.title', { first: firstName })}
      confirmLabel={
        chosen
          ? waits
            ? t('enrollments.move.wait', { className: chosen.name })
            : t('enrollments.move.confirm', { first: firstName, className: chosen.name })
          : t('enrollments.move.choose')
      }
      keepLabel={t('enrollments.move.keep')}
      busyLabel={t('enrollments.move.busy')}
      confirmDisabled={!chosen}
      action={move}
      onClose={onClose}
    >
      <DialogContentText id={labelId} sx={{ mb: 1 }}>
        {t('enrollments.move.intro', { first: firstName, className: enrollment.className })}
      </DialogContentText>
      {semesterClasses.isPending && <Waiting />}
      {semesterClasses.isError && (
        <LoadFailure
          what={t('enrollments.move.loadWhat')}
          error={semesterClasses.error}
          onRetry={() => void semesterClasses.refetch()}
        />
      )}
      {semesterClasses.isSuccess && choices.length === 0 && (
        <DialogContentText>{t('enrollments.move.none')}</DialogContentText>
      )}
      {choices.length > 0 && (
        <RadioGroup aria-labelledby={labelId} value={classId} onChange={(event) => setClassId(event.target.value)}>
          {choices.map((cls) => (
            <FormControlLabel
              key={cls.id}
              value={cls.id}
              control={<Radio />}
              label={t(cls.seatsLeft > 0 ? 'enrollments.move.choiceSeats' : 'enrollments.move.choiceFull', {
                className: cls.name,
                schedule: scheduleSummary(cls.meetings, timeZone),
                seats: cls.seatsLeft,
              })}
            />
          ))}
        </RadioGroup>
      )}
    </ConfirmDialog>
  );
}
