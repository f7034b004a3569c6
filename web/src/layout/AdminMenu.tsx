// The admin-only Menu button and the sidebar of links it opens from the right; any link closes it.
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useRemoteConfig } from './RemoteConfig';
import { paths } from './paths';

const REGISTRATION_LINKS = [{ label: 'Class Registration', to: paths.classRegistration }];

const ADMIN_LINKS = [
  { label: 'Dashboard', to: paths.admin },
  { label: 'Class Forms and Contacts', to: paths.report },
  { label: 'Student Info Sheets', to: paths.students },
  { label: 'T-shirt Sizes', to: paths.tshirtSizes },
  { label: 'Enrollments', to: paths.enrollments },
  { label: 'Class Calendar', to: paths.classCalendar },
];

// Administration screens beyond the sidebar's first links, listed under them (which stay as they are).
const MORE_ADMIN_LINKS = [
  { label: 'Class Management', to: paths.classManagement },
  { label: 'Instructors', to: paths.instructors },
  { label: 'Messages', to: paths.messages },
  { label: 'Policies', to: paths.policies },
  { label: 'Settings', to: paths.settings },
  { label: 'Data Retention', to: paths.retention },
  { label: 'Allocation and Lottery', to: paths.lotteryAdmin },
];

export function AdminMenu() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const { studentUnitsUrl } = useRemoteConfig();
  // Each link in its own list item, and the heading outside the list: a list holds list items only.
  const link = ({ label, to }: { label: string; to: string }) => (
    <ListItem key={to} disablePadding>
      <ListItemButton
        component={NavLink}
        to={to}
        end
        onClick={close}
        sx={{ '&.active': { bgcolor: 'action.selected' } }}
      >
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
  return (
    <>
      <Button
        color="inherit"
        startIcon={<MenuIcon />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        sx={{ flexShrink: 0 }}
      >
        Menu
      </Button>
      <Drawer anchor="right" open={open} onClose={close} slotProps={{ paper: { 'aria-label': 'Menu' } }}>
        <nav aria-label="Site menu" style={{ width: 'min(300px, 85vw)' }}>
          <List>{REGISTRATION_LINKS.map(link)}</List>
          <ListSubheader component="h2">Admin</ListSubheader>
          <List>
            {ADMIN_LINKS.map(link)}
            {studentUnitsUrl && (
              <ListItem disablePadding>
                <ListItemButton
                  component="a"
                  href={studentUnitsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={close}
                >
                  <ListItemText primary="Student Units" />
                  <OpenInNew fontSize="small" titleAccess="opens in a new tab" />
                </ListItemButton>
              </ListItem>
            )}
            {MORE_ADMIN_LINKS.map(link)}
          </List>
        </nav>
      </Drawer>
    </>
  );
}
