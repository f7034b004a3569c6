// The changes of a lottery's seed, as families and administrators read them: each commitment after the first,
// when it was made and why it replaced the one before (and, for administrators, by whom).
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SeedCommitment } from '@contract/records';
import { LongCode } from './LongCode';
import { useMomentText } from './RemoteConfig';

export function SeedChanges({ commitments }: { commitments: Array<SeedCommitment & { by?: string }> }) {
  const when = useMomentText();
  if (commitments.length < 2) return null;
  return (
    <Stack component="ul" spacing={0.5} aria-label="Changes of the seed" sx={{ pl: 3, m: 0 }}>
      {commitments.slice(1).map(({ hash, committedAt, reason, by }, index) => (
        <Typography component="li" variant="body2" key={hash}>
          Commitment {index + 2}, on {when(committedAt)}
          {by && ` by ${by}`}, replaced commitment {index + 1} (of {when(commitments[index]!.committedAt)}) because: “
          {reason}”. Its SHA-256: <LongCode>{hash}</LongCode>
        </Typography>
      ))}
    </Stack>
  );
}
