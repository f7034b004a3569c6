// One subscribable feed: a link that opens the calendar app (webcal://), and the address to copy for apps
// that ask for one (Google Calendar: Other calendars → From URL).
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCopy } from '../layout/useCopy';
import { feedUrl, webcalUrl } from '../api/feed';

/** `name`: "all classes", or a class's name with its `classId`. */
export function FeedLink({ name, classId }: { name: string; classId?: string }) {
  const url = feedUrl(classId);
  const { field, copy } = useCopy('calendar address');
  return (
    <Stack spacing={1}>
      <div>
        <Button variant="outlined" startIcon={<EventAvailableIcon />} href={webcalUrl(url)}>
          Subscribe to {name}
        </Button>
      </div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          label={`Feed address: ${name}`}
          value={url}
          inputRef={field}
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy(url)}
          aria-label={`Copy the feed address: ${name}`}
          sx={{ flexShrink: 0 }}
        >
          Copy
        </Button>
      </Stack>
    </Stack>
  );
}
