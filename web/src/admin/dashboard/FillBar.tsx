import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Class } from '../../../../lambdas/records';

/** How full a class is: a bar, the numbers beside it, and the same in words for screen readers. */
export function FillBar({ found, aboutToFill }: { found: Class; aboutToFill: boolean }) {
  const taken = found.capacity === 0 ? 100 : Math.min(100, (found.enrolled / found.capacity) * 100);
  const words = `${found.enrolled} of ${found.capacity} seats taken`;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 120 }}>
      <LinearProgress
        variant="determinate"
        value={taken}
        color={found.seatsLeft === 0 ? 'error' : aboutToFill ? 'warning' : 'primary'}
        aria-label={`${found.name}: ${words}`}
        aria-valuetext={words}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" aria-hidden>
        {found.enrolled} / {found.capacity}
      </Typography>
    </Stack>
  );
}
