import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useRemoteConfig } from './RemoteConfig';

// A dismissed announcement stays dismissed on this browser until its text changes.
const DISMISSED = 'portal.dismissedAnnouncement';

/** The remote configuration's announcement, under the header on every screen. */
export function AnnouncementBanner() {
  const { announcement } = useRemoteConfig();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED));
  if (!announcement || announcement === dismissed) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED, announcement);
    setDismissed(announcement);
  };
  return (
    <Alert
      severity="info"
      role="region"
      aria-label="Announcement"
      closeText="Dismiss announcement"
      onClose={dismiss}
      sx={{ borderRadius: 0, justifyContent: 'center' }}
    >
      {announcement}
    </Alert>
  );
}
