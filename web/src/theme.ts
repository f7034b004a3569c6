import { createTheme } from '@mui/material/styles';

/** The narrow layout starts under this width (spec §9). */
export const NARROW_BREAKPOINT = 620;

/** The media query of the narrow layout: anything under 620px wide. */
export const NARROW_MEDIA = `(max-width: ${NARROW_BREAKPOINT - 0.02}px)`;

export const theme = createTheme({
  palette: {
    primary: { main: '#1d4e89' },
    secondary: { main: '#2e7d5b' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Labels read exactly as the spec writes them ("Register / Sign In"), not in capitals.
    button: { textTransform: 'none' },
  },
});
