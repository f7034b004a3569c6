import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { useWritten, Written } from '../i18n/Written';
import { useRemoteConfig } from './RemoteConfig';

// A dismissed announcement stays dismissed on this browser until its text changes.
const DISMISSED = 'portal.dismissedAnnouncement';

/** The remote configuration's announcement, under the header on every screen. */
export function AnnouncementBanner() {
  const { announcement, announcementEs } = useRemoteConfig();
  const { t } = useI18n();
  // Dismissed as read: the text shown, in the family's language.
  const shown = useWritten(announcement ?? '', announcementEs).text;
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED));
  if (!announcement || shown === dismissed) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED, shown);
    setDismissed(shown);
  };
  return (
    <Alert
      severity="info"
      role="region"
      aria-label={t('start.announcement.label')}
      closeText={t('start.announcement.dismiss')}
      onClose={dismiss}
      sx={{ borderRadius: 0, justifyContent: 'center' }}
    >
      <Written en={announcement} es={announcementEs} />
    </Alert>
  );
}
