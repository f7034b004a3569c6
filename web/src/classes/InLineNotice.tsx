// What the enroll dialog shows while a child's request waits on a busy day: its place in line and when it may be
// decided, or, in a fair start, when the draw puts the requests in order. Read out as it changes (a status).
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useMomentText } from '../layout/RemoteConfig';
import type { InLine } from './enrollInTurn';

/** An estimate as a family reads it: rounded, never falsely precise. */
export function turnText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 15) return 'in a few seconds';
  if (seconds < 90) return `in about ${Math.round(seconds / 10) * 10} seconds`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? 'in about a minute' : `in about ${minutes} minutes`;
}

export function InLineNotice({ inLine, childName }: { inLine: InLine; childName: string }) {
  const when = useMomentText();
  return (
    <Alert severity="info" role="status">
      {'place' in inLine ? (
        <>
          Many families are enrolling right now. Your request for {childName} is received and is number {inLine.place}{' '}
          in line: seats go in the order of the line, and this window shows the outcome as soon as it is decided.{' '}
          {inLine.turnInMs === undefined
            ? 'The estimate of your turn comes once the line moves.'
            : `At the pace the line moves now, it should be decided ${turnText(inLine.turnInMs)}.`}
        </>
      ) : (
        <>
          Your request for {childName} is received for the fair start. The requests made before {when(inLine.drawAt)}{' '}
          are put in order by a draw then, so being early or fast gains nothing; this window shows your place in line
          after the draw.
        </>
      )}{' '}
      You may close it: you will get an e-mail, and the outcome will be on your enrollments page.
      <LinearProgress sx={{ mt: 1 }} aria-label="Waiting for the decision" />
    </Alert>
  );
}
