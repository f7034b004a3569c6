// One subscribable feed: a link that opens the calendar app (webcal://), and the address to copy for apps
// that ask for one (Google Calendar: Other calendars → From URL).
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { useToast } from '../layout/toast';
import { feedUrl, webcalUrl } from '../api/feed';

/** `name`: "all classes", or a class's name with its `classId`. */
export function FeedLink({ name, classId }: { name: string; classId?: string }) {
  const show = useToast();
  const url = feedUrl(classId);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      show({ severity: 'success', detail: 'The calendar address is copied.' });
    } catch {
      field.current?.select();
      show({
        severity: 'warn',
        detail: 'This browser did not allow copying: the address is selected, copy it with Ctrl+C (⌘C on a Mac).',
      });
    }
  };
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
          onClick={() => void copy()}
          aria-label={`Copy the feed address: ${name}`}
          sx={{ flexShrink: 0 }}
        >
          Copy
        </Button>
      </Stack>
    </Stack>
  );
}
