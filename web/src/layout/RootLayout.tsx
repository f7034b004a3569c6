import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AnnouncementBanner } from './AnnouncementBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { Waiting } from './Waiting';

/** The frame of every screen: header, announcement, the screen itself, footer. */
export function RootLayout() {
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
        Skip to main content
      </Link>
      <Header />
      <AnnouncementBanner />
      <Container component="main" id="main" tabIndex={-1} sx={{ flex: 1, py: 3, outline: 'none' }}>
        <Suspense fallback={<Waiting />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </Box>
  );
}
