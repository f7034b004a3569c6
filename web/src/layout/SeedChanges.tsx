// The changes of a lottery's seed, as families and administrators read them: each commitment after the first,
// when it was made and why it replaced the one before (and, for administrators, by whom).
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { momentText } from '@contract/moments';
import type { SeedCommitment } from '@contract/records';
import { LongCode } from './LongCode';

export function SeedChanges({ commitments }: { commitments: Array<SeedCommitment & { by?: string }> }) {
  if (commitments.length < 2) return null;
  return (
    <Stack component="ul" spacing={0.5} aria-label="Changes of the seed" sx={{ pl: 3, m: 0 }}>
      {commitments.slice(1).map(({ hash, committedAt, reason, by }, index) => (
        <Typography component="li" variant="body2" key={hash}>
          Commitment {index + 2}, on {momentText(committedAt, 'UTC')}
          {by && ` by ${by}`}, replaced commitment {index + 1} (of {momentText(commitments[index]!.committedAt, 'UTC')})
          because: “{reason}”. Its SHA-256: <LongCode>{hash}</LongCode>
        </Typography>
      ))}
    </Stack>
  );
}
