import { createTheme } from '@mui/material/styles';

/** The narrow (phone) layout starts under this width: the header shows a 35px logo, "Portal" and "Account". */
const NARROW_BREAKPOINT = 620;

/** The media query of the narrow layout: anything under 620px wide. */
export const NARROW_MEDIA = `(max-width: ${NARROW_BREAKPOINT - 0.02}px)`;

/** The header's height, as `--header-height` on the page (the header sets it), for what must sit just under it. */
export const HEADER_HEIGHT = '--header-height';

/** Just under the sticky header: where the toast area starts, and where focus scrolls to at the least. */
export const BELOW_HEADER = `calc(var(${HEADER_HEIGHT}, 0px) + 8px)`;

const PRIMARY = '#1d4e89';

/**
 * Who asks the system for less motion gets none (WCAG 2.3.3): dialogs, menus, toasts and ripples appear and go at
 * once. The progress indicators keep moving: a still one would not say that something is under way.
 */
const LESS_MOTION = {
  '@media (prefers-reduced-motion: reduce)': {
    '*:not(.MuiLinearProgress-bar, .MuiCircularProgress-svg, .MuiCircularProgress-circle), *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
};

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY },
    secondary: { main: '#2e7d5b' },
    // MUI's orange (#ed6c02) under white text is 3.11:1; this one is 5.4:1 (WCAG AA), for the status chips
    // "Full – join waitlist", "Waitlisted – position N", "About to fill".
    warning: { main: '#b54708' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Labels read exactly as written ("Register / Sign In"), not in capitals.
    button: { textTransform: 'none' },
  },
  components: {
    // What keyboard focus or a link scrolls to stops below the sticky header, never under it (WCAG 2.4.11).
    MuiCssBaseline: { styleOverrides: { html: { scrollPaddingTop: BELOW_HEADER }, ...LESS_MOTION } },
    // Keyboard focus is a clear outline, not only MUI's faint ripple shade; white on the blue header.
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `3px solid ${PRIMARY}`, outlineOffset: 2, zIndex: 1 },
          '.MuiAppBar-colorPrimary &.Mui-focusVisible': { outlineColor: '#fff' },
        },
      },
    },
    // Rows of a list or menu sit against the edges of their panel: the outline goes inside.
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    // MUI's toggle text (54 % black) is 4.49:1; a chosen toggle is filled, not a light shade.
    MuiToggleButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          color: theme.palette.text.secondary,
          '&.Mui-selected': { color: theme.palette.primary.contrastText, backgroundColor: theme.palette.primary.main },
          '&.Mui-selected:hover': { backgroundColor: theme.palette.primary.dark },
        }),
      },
    },
  },
});
