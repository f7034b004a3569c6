// One semester's lottery notice on Class Registration (LotteryNotices): the lottery is on, what a family can do now
// (and until when), where, and what comes after the draw. Loaded with its words, only when there is a lottery.
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { LotteryView } from '@contract/records';
import { useI18n } from '../i18n/lotteryNotice';
import { readerMoment } from '../i18n/readerMoment';
import { rich } from '../i18n/rich';
import { paths } from '../layout/paths';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';

export function LotteryNotice({ lottery, now, signedIn }: { lottery: LotteryView; now: number; signedIn: boolean }) {
  const { t, language } = useI18n();
  const timeZone = useProgrammeTimeZone();
  const momentText = (iso: string) => readerMoment(language, iso, timeZone);
  const times = {
    name: lottery.semesterName,
    from: momentText(lottery.requestsOpen),
    close: momentText(lottery.requestsClose),
    results: momentText(lottery.resultsBy),
    open: momentText(lottery.seatsOpen),
  };
  if (now >= Date.parse(lottery.requestsClose)) return <>{t('lotteryNotice.closed', times)}</>;
  const requests = <Link component={RouterLink} to={paths.lottery} />;
  if (now < Date.parse(lottery.requestsOpen)) return <>{rich(t('lotteryNotice.before', times), [requests])}</>;
  return <>{rich(t('lotteryNotice.during', { ...times, signedIn: signedIn ? 'yes' : 'no' }), [requests])}</>;
}
