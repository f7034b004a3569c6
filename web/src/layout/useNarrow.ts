import useMediaQuery from '@mui/material/useMediaQuery';
import { NARROW_MEDIA } from './theme';

/** Whether the window is in the narrow layout (under 620px wide), known from the first render. */
export function useNarrow(): boolean {
  return useMediaQuery(NARROW_MEDIA, { noSsr: true });
}
