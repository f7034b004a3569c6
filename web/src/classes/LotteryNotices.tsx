// Class Registration while a semester's seats are given by a lottery: until the seats left after the draw open to
// everyone, the page says the lottery is on, what a family can do now (and until when), and where.
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import type { LotteryView } from '@contract/records';
import { useCatalogueRead } from '../api/queries';
import { paths } from '../layout/paths';
import { useMomentText } from '../layout/RemoteConfig';

export function LotteryNotices({ signedIn }: { signedIn: boolean }) {
  const lotteries = useCatalogueRead('lotteries');
  const shown = lotteries.data?.lotteries ?? [];
  if (shown.length === 0) return null;
  const now = Date.now();
  return (
    <Stack spacing={1}>
      {shown.map((lottery) => (
        <Alert key={lottery.semesterId} severity="info">
          <LotteryNotice lottery={lottery} now={now} signedIn={signedIn} />
        </Alert>
      ))}
    </Stack>
  );
}

function LotteryNotice({ lottery, now, signedIn }: { lottery: LotteryView; now: number; signedIn: boolean }) {
  const { semesterName: name } = lottery;
  const momentText = useMomentText();
  const after = ` The results come by ${momentText(lottery.resultsBy)}; the seats left after the draw open to everyone, first come first served, on ${momentText(lottery.seatsOpen)}.`;
  if (now >= Date.parse(lottery.requestsClose))
    return <>{`${name}'s lottery took requests until ${momentText(lottery.requestsClose)}.${after}`}</>;
  const requests = (
    <Link component={RouterLink} to={paths.lottery}>
      Lottery requests
    </Link>
  );
  if (now < Date.parse(lottery.requestsOpen))
    return (
      <>
        {`${name}'s seats are given by a lottery draw: requests are taken from ${momentText(lottery.requestsOpen)} to ${momentText(lottery.requestsClose)}, on `}
        {requests}.{after}
      </>
    );
  return (
    <>
      {`${name}'s seats are given by a lottery draw: ${signedIn ? 'send' : 'sign in and send'} your requests on `}
      {requests}
      {` by ${momentText(lottery.requestsClose)}. Being early gains nothing: every request sent by then is in the draw.`}
      {after}
    </>
  );
}
