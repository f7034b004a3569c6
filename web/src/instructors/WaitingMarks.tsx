import Alert from '@mui/material/Alert';
import { counted } from '../layout/counted';
import { useMarkSender, useOnline } from './markSender';

/**
 * How many marks this phone still holds for the portal, and why: said aloud as it changes (a live region), since
 * an instructor going out of signal must know the marks are safe here and not yet with the office.
 */
export function WaitingMarks({ sub }: { sub: string }) {
  const { waiting, failure } = useMarkSender(sub);
  const online = useOnline();
  const why = !online
    ? 'No signal: they are kept on this phone and sent when signal returns.'
    : failure
      ? `Not sent yet: ${failure} They are tried again in a moment.`
      : 'Sending…';
  return (
    <Alert role="status" severity={waiting > 0 ? 'warning' : 'success'} variant="outlined">
      {waiting > 0 ? `${counted(waiting, 'mark')} waiting to be sent. ${why}` : 'Every mark made here is sent.'}
    </Alert>
  );
}
