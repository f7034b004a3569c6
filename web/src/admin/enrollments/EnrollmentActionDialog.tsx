// Cancel, promote from the waitlist, or move to another class of the semester: each confirmed first, then
// told in a toast. The server applies the seat rules (docs/product-rules.md#enrollment); its refusals show in
// the dialog.
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Class, SemesterEnrollment } from '@contract/records';
import { useChange } from '../../api/changes';
import { useToast } from '../../layout/toast';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import type { EnrollmentAction } from './EnrollmentGrid';
import { studentName } from './enrollmentFilters';
import { counted } from '../../layout/counted';

interface Props {
  action: EnrollmentAction;
  enrollment: SemesterEnrollment;
  classes: Class[];
  groupName?: string;
  onClose: () => void;
}

/** How a class looks to an administrator choosing where to move a student. */
function moveChoice(cls: Class): string {
  if (cls.status === 'closed') return `${cls.name} — closed`;
  return cls.seatsLeft > 0
    ? `${cls.name} — ${counted(cls.seatsLeft, 'seat')} left`
    : `${cls.name} — full, joins the waitlist (${cls.waitlisted} waiting)`;
}

export function EnrollmentActionDialog(props: Props) {
  if (props.action === 'move') return <MoveDialog {...props} />;
  return props.action === 'promote' ? <PromoteDialog {...props} /> : <CancelDialog {...props} />;
}

function CancelDialog({ enrollment, groupName, onClose }: Props) {
  const show = useToast();
  const cancelEnrollment = useChange('cancelEnrollment');
  const name = studentName(enrollment);
  const waiting = enrollment.status === 'waitlisted';
  const explanation = enrollment.groupId
    ? `${name} was enrolled through ${groupName ?? 'a class group'}: the whole group enrollment is cancelled, in every class of the group. Their seats go to the next students on the waitlists.`
    : waiting
      ? `${name} leaves the waitlist of ${enrollment.className}; everyone behind moves up.`
      : `${name}'s seat in ${enrollment.className} goes to the first student on its waitlist, if any, whose family gets an e-mail.`;
  return (
    <ConfirmDialog
      title={`Cancel ${name}'s ${waiting ? 'place on the waitlist' : 'enrollment'}?`}
      confirmLabel="Cancel enrollment"
      destructive
      onClose={onClose}
      action={async () => {
        await cancelEnrollment.mutateAsync({ enrollmentId: enrollment.id });
        show({
          severity: 'success',
          summary: 'Cancelled',
          detail: `${name} is no longer ${waiting ? 'on the waitlist of' : 'enrolled in'} ${enrollment.className}.`,
        });
      }}
    >
      <DialogContentText>{explanation}</DialogContentText>
    </ConfirmDialog>
  );
}

function PromoteDialog({ enrollment, classes, onClose }: Props) {
  const show = useToast();
  const promoteEnrollment = useChange('promoteEnrollment');
  const name = studentName(enrollment);
  const cls = classes.find((candidate) => candidate.id === enrollment.classId);
  // A promotion into a full class is certain to fail: what is offered instead is a seat added for them.
  const full = !!cls && cls.seatsLeft === 0;
  return (
    <ConfirmDialog
      title={`Promote ${name} into ${enrollment.className}?`}
      confirmLabel={full ? 'Add a seat and promote' : 'Promote'}
      onClose={onClose}
      action={async () => {
        await promoteEnrollment.mutateAsync({ enrollmentId: enrollment.id, ...(full && { addSeat: true }) });
        show({
          severity: 'success',
          summary: 'Promoted',
          detail: `${name} is now enrolled in ${enrollment.className}.`,
        });
      }}
    >
      <DialogContentText>
        {`${name} is ${enrollment.waitlistPosition ? `number ${enrollment.waitlistPosition} ` : ''}on the waitlist and takes a free seat ahead of the line${enrollment.groupId ? ', in every class of the group' : ''}; the family gets an e-mail.`}{' '}
        {cls &&
          (full
            ? `The class is full (${cls.enrolled} of ${cls.capacity}): promoting adds a seat for ${name}, so its capacity becomes ${cls.enrolled + 1}. The others on the waitlist keep their places.`
            : `${counted(cls.seatsLeft, 'seat')} free now.`)}
      </DialogContentText>
    </ConfirmDialog>
  );
}

function MoveDialog({ enrollment, classes, onClose }: Props) {
  const show = useToast();
  const moveEnrollment = useChange('moveEnrollment');
  const name = studentName(enrollment);
  const [targetId, setTargetId] = useState('');
  const target = classes.find((cls) => cls.id === targetId);
  return (
    <ConfirmDialog
      title={`Move ${name} to another class`}
      confirmLabel={target ? `Move to ${target.name}` : 'Move'}
      confirmDisabled={!target}
      onClose={onClose}
      action={async () => {
        const { enrollment: moved } = await moveEnrollment.mutateAsync({
          enrollmentId: enrollment.id,
          classId: targetId,
        });
        const where =
          moved.status === 'enrolled'
            ? `enrolled in ${target!.name}`
            : `on the waitlist of ${target!.name}${moved.waitlistPosition ? ` at position ${moved.waitlistPosition}` : ''}`;
        show({ severity: 'success', summary: 'Moved', detail: `${name} is now ${where}.` });
      }}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {name} leaves {enrollment.className}
        {enrollment.status === 'enrolled' ? '; the seat goes to the first student on its waitlist' : ''}. In a full
        class they join the waitlist.
      </DialogContentText>
      <TextField
        select
        fullWidth
        label="New class"
        value={targetId}
        onChange={(event) => setTargetId(event.target.value)}
      >
        {classes
          .filter((cls) => cls.id !== enrollment.classId)
          .map((cls) => (
            <MenuItem key={cls.id} value={cls.id} disabled={cls.status === 'closed'}>
              {moveChoice(cls)}
            </MenuItem>
          ))}
      </TextField>
    </ConfirmDialog>
  );
}
