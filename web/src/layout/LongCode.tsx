// A long code with no spaces (a lottery draw's seed: 32 hexadecimal digits) wraps anywhere, so it never makes
// its box scroll sideways on a phone (a scrolling box must be reachable by keyboard, WCAG 2.1.1).
import Box from '@mui/material/Box';

export function LongCode({ children }: { children: string }) {
  return (
    <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  );
}
