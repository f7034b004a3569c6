import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Class } from '@contract/records';

/** How full a class is: a bar, the numbers beside it, and the same in words for screen readers. */
export function FillBar({ cls, aboutToFill }: { cls: Class; aboutToFill: boolean }) {
  const taken = cls.capacity === 0 ? 100 : Math.min(100, (cls.enrolled / cls.capacity) * 100);
  const words = `${cls.enrolled} of ${cls.capacity} seats taken`;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 120 }}>
      <LinearProgress
        variant="determinate"
        value={taken}
        color={cls.seatsLeft === 0 ? 'error' : aboutToFill ? 'warning' : 'primary'}
        aria-label={`${cls.name}: ${words}`}
        aria-valuetext={words}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" aria-hidden>
        {cls.enrolled} / {cls.capacity}
      </Typography>
    </Stack>
  );
}
