import AccountCircle from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../api/session';
import { i18n, useI18n } from '../i18n/i18n';
import { paths } from './paths';

/** The e-mail as the menu shows it: cut to 15 characters plus an ellipsis, so a long one fits. */
export function menuEmail(email: string | undefined): string {
  if (!email) return i18n._('start.userMenu.noEmail');
  return email.length > 15 ? `${email.slice(0, 15)}…` : email;
}

/** The signed-in user's round icon button and its menu. */
export function UserMenu() {
  const { user, signOut } = useAuth();
  const { t } = useI18n();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        size="large"
        aria-label={t('start.userMenu.label')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircle fontSize="large" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem disabled title={user?.email}>
          {menuEmail(user?.email)}
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.myEnrollments} onClick={close}>
          {t('start.userMenu.enrollments')}
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.manageAccount} onClick={close}>
          {t('start.userMenu.manageAccount')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          {t('start.userMenu.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
