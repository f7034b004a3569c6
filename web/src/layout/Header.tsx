import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../api/session';
import { useI18n } from '../i18n/i18n';
import { LanguageControl } from '../i18n/LanguageControl';
import { lazily } from './lazily';
import { UserButton } from './UserButton';
import { useNarrow } from './useNarrow';
import { paths } from './paths';
import { HEADER_HEIGHT } from './theme';

// Only administrators have the Menu button and its sidebar, so nobody else downloads them.
const AdminMenu = lazily(() => import('./AdminMenu'), 'AdminMenu');

/**
 * Logo, title, the language control, the admin-only Menu button and the user button; compact on phones (under 620px):
 * "Portal".
 */
export function Header() {
  const narrow = useNarrow();
  const { isAdmin } = useAuth();
  const { t } = useI18n();
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = bar.current!;
    const observer = new ResizeObserver(() =>
      document.documentElement.style.setProperty(HEADER_HEIGHT, `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <AppBar ref={bar} position="sticky">
      <Toolbar sx={{ gap: 1 }}>
        <Box
          component={RouterLink}
          to={paths.home}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            mr: 'auto',
            minWidth: 0,
            color: 'inherit',
            textDecoration: 'none',
          }}
        >
          <Box component="img" src="/logo.svg" alt={t('header.logo')} sx={{ height: narrow ? 35 : 50, my: 1 }} />
          <Typography variant="h6" component="span" noWrap>
            {t(narrow ? 'header.titleShort' : 'header.title')}
          </Typography>
        </Box>
        <LanguageControl compact={narrow} />
        {isAdmin && (
          <Suspense>
            <AdminMenu />
          </Suspense>
        )}
        <UserButton compact={narrow} />
      </Toolbar>
    </AppBar>
  );
}
