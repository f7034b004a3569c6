// On paper the printout stands alone: the layout's header, announcement, footer and toasts stay on screen.
import GlobalStyles from '@mui/material/GlobalStyles';

/** For the screen's own controls: `sx={screenOnly}`. */
export const screenOnly = { '@media print': { display: 'none' } } as const;

export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@page': { margin: '12mm' },
        '@media print': {
          'header, footer, [aria-label="Announcement"], a[href="#main"], .notistack-SnackbarContainer': {
            display: 'none !important',
          },
          body: { backgroundColor: '#fff', fontSize: '10pt' },
          'main#main': { padding: 0, maxWidth: 'none' },
          'a[href]': { color: 'inherit', textDecoration: 'none' },
        },
      }}
    />
  );
}
