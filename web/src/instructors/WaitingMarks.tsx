import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dismissRefused, refusedMarks } from '../api/classDayOnDevice';
import { counted } from '../layout/counted';
import { dateLabel } from '../layout/schedule';
import { markText } from './classDay';
import { useKeptOnDevice, useMarkSender, useOnline } from './markSender';
import { keptChildName } from './useKept';

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
    <Stack spacing={1}>
      <Alert role="status" severity={waiting > 0 ? 'warning' : 'success'} variant="outlined">
        {waiting > 0 ? `${counted(waiting, 'mark')} waiting to be sent. ${why}` : 'Every mark made here is sent.'}
      </Alert>
      <RefusedMarks sub={sub} />
    </Stack>
  );
}

/**
 * The marks the portal refused (made while out of signal, for a child whose enrollment went or a meeting that was
 * cancelled meanwhile): what each was and why, until the instructor has read them.
 */
function RefusedMarks({ sub }: { sub: string }) {
  const refused = useKeptOnDevice(() => refusedMarks(sub)) ?? [];
  if (refused.length === 0) return null;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={() => dismissRefused(sub)}>
          Done
        </Button>
      }
    >
      <AlertTitle>{counted(refused.length, 'mark')} not recorded</AlertTitle>
      {refused.map(({ mark, reason }) => (
        <Typography key={mark.key} variant="body2">
          {keptChildName(sub, mark.classId, mark.studentId) ?? 'A child'}, {dateLabel(mark.date)}: {markText(mark)}.{' '}
          {reason}
        </Typography>
      ))}
      <Typography variant="body2" sx={{ mt: 1 }}>
        If the child was there, tell the office.
      </Typography>
    </Alert>
  );
}
