// What the enroll dialog shows while a child's request waits on a busy day: its place in line and when it may be
// decided, or, in a fair start, when the draw puts the requests in order. Read out as it changes (a status).
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { i18n, useI18n } from '../i18n/enroll';
import type { InLine } from './enrollInTurn';
import { useMoment } from './words';

/** An estimate rounded as a family reads it, never falsely precise: the `unit` and `count` of the turn's words. */
function turnOf(ms: number): { unit: 'few' | 'seconds' | 'minute' | 'minutes'; count: number } {
  const seconds = ms / 1000;
  if (seconds < 15) return { unit: 'few', count: 0 };
  if (seconds < 90) return { unit: 'seconds', count: Math.round(seconds / 10) * 10 };
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? { unit: 'minute', count: 1 } : { unit: 'minutes', count: minutes };
}

/** An estimate as a family reads it: "in about 30 seconds". */
export function turnText(ms: number): string {
  return i18n._('enroll.inLine.turn', turnOf(ms));
}

export function InLineNotice({ inLine, childName }: { inLine: InLine; childName: string }) {
  const when = useMoment();
  const { t } = useI18n();
  return (
    <Alert severity="info" role="status">
      {'place' in inLine
        ? inLine.turnInMs === undefined
          ? t('enroll.inLine.placeNoEstimate', { child: childName, place: inLine.place })
          : t('enroll.inLine.placeEstimate', { child: childName, place: inLine.place, ...turnOf(inLine.turnInMs) })
        : t('enroll.inLine.draw', { child: childName, when: when(inLine.drawAt) })}
      <LinearProgress sx={{ mt: 1 }} aria-label={t('enroll.inLine.progress')} />
    </Alert>
  );
}
