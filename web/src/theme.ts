import { createTheme } from '@mui/material/styles';

/** The narrow layout starts under this width (spec §9). */
export const NARROW_BREAKPOINT = 620;

export const theme = createTheme({
  palette: {
    primary: { main: '#1d4e89' },
    secondary: { main: '#2e7d5b' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
