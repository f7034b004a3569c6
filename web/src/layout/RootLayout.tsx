import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import { AnnouncementBanner } from './AnnouncementBanner';
import { Footer } from './Footer';
import { useRemoteConfigSettled } from './RemoteConfig';
import { Header } from './Header';
import { Waiting } from './Waiting';

/** How long the screen waits, hidden, for the remote configuration before it shows without it. */
const CONFIG_WAIT_MS = 1500;

/**
 * The frame of every screen: header, announcement, the screen itself, footer. Until the remote configuration
 * arrives the screen is laid out but not shown (its data loads meanwhile): the announcement and the
 * introduction it brings would otherwise push what is already shown down (a layout shift of 0.1 to 0.6).
 */
export function RootLayout() {
  const settled = useRemoteConfigSettled();
  const { t } = useI18n();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), CONFIG_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const shown = settled || waited;
  return (
    // A screen's height on paper is a page's: it would push a printout's last lines onto one more sheet.
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', '@media print': { minHeight: 0 } }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        {t('start.skipToMain')}
      </Link>
      <Header />
      <AnnouncementBanner />
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, py: 3, outline: 'none', visibility: shown ? 'visible' : 'hidden' }}
      >
        <Suspense fallback={<Waiting />}>
          <Outlet />
        </Suspense>
      </Container>
      {/* Below the screen: it would move down as the screen shows. Not on paper: an empty box after a
          printout's named pages would start one more, blank sheet. */}
      <Box sx={{ visibility: shown ? 'visible' : 'hidden', '@media print': { display: 'none' } }}>
        <Footer />
      </Box>
    </Box>
  );
}
