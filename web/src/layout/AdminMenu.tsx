// The admin-only Menu button and the sidebar it opens from the right (spec §2); any link closes it.
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useRemoteConfig } from './RemoteConfig';

const REGISTRATION_LINKS = [{ label: 'Class Registration', to: '/classes/enrollment' }];

const ADMIN_LINKS = [
  { label: 'Dashboard', to: '/admin' },
  { label: 'Class Forms and Contacts', to: '/admin/report' },
  { label: 'Student Info Sheets', to: '/admin/students' },
  { label: 'T-shirt Sizes', to: '/admin/t-shirts' },
  { label: 'Enrollments', to: '/admin/enrollments' },
  { label: 'Class Calendar', to: '/calendar/classes' },
];

export function AdminMenu() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const { studentUnitsUrl } = useRemoteConfig();
  const link = ({ label, to }: { label: string; to: string }) => (
    <ListItemButton key={to} component={NavLink} to={to} end onClick={close} sx={{ '&.active': { bgcolor: 'action.selected' } }}>
      <ListItemText primary={label} />
    </ListItemButton>
  );
  return (
    <>
      <Button color="inherit" startIcon={<MenuIcon />} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)} sx={{ flexShrink: 0 }}>
        Menu
      </Button>
      <Drawer anchor="right" open={open} onClose={close}>
        <nav aria-label="Site menu" style={{ width: 'min(300px, 85vw)' }}>
          <List>{REGISTRATION_LINKS.map(link)}</List>
          <List subheader={<ListSubheader component="h2">Admin</ListSubheader>}>
            {ADMIN_LINKS.map(link)}
            {studentUnitsUrl && (
              <ListItemButton component="a" href={studentUnitsUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
                <ListItemText primary="Student Units" />
                <OpenInNew fontSize="small" titleAccess="opens in a new tab" />
              </ListItemButton>
            )}
          </List>
        </nav>
      </Drawer>
    </>
  );
}
