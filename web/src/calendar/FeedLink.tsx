// One subscribable feed: a link that opens the calendar app (webcal://), and the address to copy for apps
// that ask for one (Google Calendar: Other calendars → From URL).
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useI18n } from '../i18n/calendar';
import { useCopy } from '../layout/useCopy';
import { feedUrl, webcalUrl } from '../api/feed';

/** `name`: "all classes" (in the reader's language), or a class's name with its `classId`. */
export function FeedLink({ name, classId }: { name: string; classId?: string }) {
  const { t } = useI18n();
  const url = feedUrl(classId);
  const { field, copy } = useCopy(t('calendar.feed.copied'));
  return (
    <Stack spacing={1}>
      <div>
        <Button variant="outlined" startIcon={<EventAvailableIcon />} href={webcalUrl(url)}>
          {t('calendar.feed.subscribe', { name })}
        </Button>
      </div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          label={t('calendar.feed.address', { name })}
          value={url}
          inputRef={field}
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy(url)}
          aria-label={t('calendar.feed.copyLabel', { name })}
          sx={{ flexShrink: 0 }}
        >
          {t('calendar.feed.copy')}
        </Button>
      </Stack>
    </Stack>
  );
}
