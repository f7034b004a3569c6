// A class meeting chosen on the calendar: what, when, where, and the way to enroll; an administrator may
// cancel it (weather), which tells the families of the class.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CalendarEvent } from '@contract/records';
import { useAuth } from '../api/session';
import { useI18n } from '../i18n/calendar';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { CancelMeetingDialog } from './CancelMeetingDialog';
import { meetingTime } from './meetings';
import { linkTo } from '../layout/paths';

interface Props {
  meeting: CalendarEvent;
  /** Offered while the calendar shows every class. */
  onShowClass?: (classId: string) => void;
  onClose: () => void;
}

export function MeetingDialog({ meeting, onShowClass, onClose }: Props) {
  const { isAdmin } = useAuth();
  const { t } = useI18n();
  const [cancelling, setCancelling] = useState(false);
  const timeZone = useProgrammeTimeZone();
  if (cancelling) return <CancelMeetingDialog meeting={meeting} onDone={onClose} />;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="meeting-title">
      <DialogTitle id="meeting-title">{meeting.title}</DialogTitle>
      <DialogContent>
        <Typography>{meetingTime(meeting, timeZone)}</Typography>
        <Typography color="text.secondary">{meeting.location || t('calendar.meeting.noLocation')}</Typography>
        {meeting.cancelled && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('calendar.meeting.cancelled')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {onShowClass && (
          <Button
            onClick={() => {
              onShowClass(meeting.classId);
              onClose();
            }}
          >
            {t('calendar.meeting.onlyThis')}
          </Button>
        )}
        {isAdmin && !meeting.cancelled && (
          <Button color="error" onClick={() => setCancelling(true)}>
            {t('calendar.meeting.cancel')}
          </Button>
        )}
        <Button onClick={onClose}>{t('calendar.meeting.close')}</Button>
        <Button variant="contained" component={RouterLink} to={linkTo.classRegistration({ class: meeting.classId })}>
          {t('calendar.meeting.register')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
