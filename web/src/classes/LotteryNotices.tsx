// Class Registration while a semester's seats are given by a lottery: until the seats left after the draw open to
// everyone, the page says the lottery is on, what a family can do now (and until when), and where. The notice and
// its words (catalogue `lottery`) load only when there is a lottery, so the start chunk does not carry them.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { Suspense } from 'react';
import { useCatalogueRead } from '../api/queries';
import { lazily } from '../layout/lazily';

const LotteryNotice = lazily(() => import('./LotteryNotice'), 'LotteryNotice');

export function LotteryNotices({ signedIn }: { signedIn: boolean }) {
  const lotteries = useCatalogueRead('lotteries');
  const shown = lotteries.data?.lotteries ?? [];
  if (shown.length === 0) return null;
  const now = Date.now();
  return (
    // Nothing shows until the notices' words are there: no empty alert first.
    <Suspense>
      <Stack spacing={1}>
        {shown.map((lottery) => (
          <Alert key={lottery.semesterId} severity="info">
            <LotteryNotice lottery={lottery} now={now} signedIn={signedIn} />
          </Alert>
        ))}
      </Stack>
    </Suspense>
  );
}
