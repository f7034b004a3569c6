// The e-mails that could not be sent: how many wait, to whom (the addresses SES refused, when it took the
// family's others), about what (a message by its audience and subject), how many tries (still trying, or
// waiting), and why (SES's last answer), with "Send again" once the cause is fixed (an address verified, SES's
// sending restored).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FunctionResult } from '@contract/manifest';
import { useChange } from '../../api/changes';
import { useFunction } from '../../api/queries';
import { useMomentText } from '../../layout/RemoteConfig';
import { Section } from '../../layout/Section';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { LoadFailure } from '../../layout/LoadFailure';
import { useToast } from '../../layout/toast';
import { Waiting } from '../../layout/Waiting';
import { ScrollingTable } from '../ScrollingTable';
import { counted } from '../../layout/counted';

type FailedMail = FunctionResult<'failedMail'>['mail'][number];

const MAIL_KIND_LABELS: Record<FailedMail['kind'], string> = {
  enrolled: 'Enrolled',
  invitation: 'Invitation to be a guardian',
  waitlisted: 'Waitlisted',
  promoted: 'A seat opened',
  cancelled: 'Cancelled',
  cancelledByAdmin: 'Cancelled by the programme',
  moved: 'Moved',
  movedAsAsked: 'Moved as the family asked',
  offered: 'A seat is offered',
  offerLapsed: 'Offer lapsed',
  reminder: 'Reminder',
  classClosed: 'Class closed',
  classChanged: 'Class changed',
  meetingCancelled: 'Meeting cancelled',
  message: 'Message to families',
  lotteryResults: 'Lottery results',
  absenceReported: 'Absence report confirmed',
  checkedOut: 'Checked out',
  stillCheckedIn: 'Still checked in after a meeting',
  instructorInvitation: 'Invitation to teach',
};

/** What the e-mail is about: "Ridge Walk — “Snow day on Saturday”" for a message, the classes for the others. */
function aboutText(mail: FailedMail): string {
  const to = mail.audienceLabel ?? mail.classNames.join(', ');
  return `${to && `: ${to}`}${mail.subject ? ` — “${mail.subject}”` : ''}`;
}

export function FailedMailSection() {
  const loaded = useFunction('failedMail');
  const resendFailedMail = useChange('resendFailedMail');
  const failed = loaded.data;
  const show = useToast();
  const [confirming, setConfirming] = useState(false);
  const when = useMomentText();
  return (
    <Section title="E-mail not sent">
      {loaded.isPending && <Waiting />}
      {loaded.isError && (
        <LoadFailure what="The e-mails not sent" error={loaded.error} onRetry={() => void loaded.refetch()} />
      )}
      {failed?.mail.length === 0 && (
        <Typography color="text.secondary">Every e-mail went out: none is waiting.</Typography>
      )}
      {failed && failed.mail.length > 0 && (
        <>
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              failed.waiting > 0 && (
                <Button color="inherit" size="small" onClick={() => setConfirming(true)}>
                  Send again
                </Button>
              )
            }
          >
            {counted(failed.waiting, 'e-mail')} could not be sent and wait
            {failed.retrying > 0 && `; ${failed.retrying} more are still being tried`}. Fix the cause (see why below),
            then send them again.
          </Alert>
          <ScrollingTable label="E-mails not sent">
            <TableHead>
              <TableRow>
                <TableCell>Failed</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>To</TableCell>
                <TableCell>Tries</TableCell>
                <TableCell>Why</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {failed.mail.map((mail) => (
                <TableRow key={mail.id}>
                  <TableCell>{when(mail.failedAt)}</TableCell>
                  <TableCell>
                    {MAIL_KIND_LABELS[mail.kind]}
                    {aboutText(mail)}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {mail.failedTo?.join(', ') ?? mail.familyEmail ?? '—'}
                  </TableCell>
                  <TableCell>{mail.waiting ? mail.failures : `${mail.failures} so far, still trying`}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{mail.lastError}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollingTable>
        </>
      )}
      {confirming && failed && (
        <ConfirmDialog
          title={`Send ${counted(failed.waiting, 'e-mail')} again?`}
          confirmLabel="Send again"
          keepLabel="Not yet"
          busyLabel="Sending…"
          onClose={() => setConfirming(false)}
          action={async () => {
            const { resent } = await resendFailedMail.mutateAsync({});
            show({ severity: 'success', detail: `${counted(resent, 'e-mail')} sent again.` });
          }}
        >
          <DialogContentText>
            Each is sent as it reads now (names, dates, waitlist positions). Those that fail again come back here.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Section>
  );
}
