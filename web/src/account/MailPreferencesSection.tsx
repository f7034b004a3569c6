// The optional e-mails a family gets: reminders before a class starts, and the programme's messages. What
// changes its children's enrollments, a class or a meeting always reaches it.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useFunction } from '../api/queries';
import { LoadFailure } from '../layout/LoadFailure';
import { useToast } from '../layout/toast';
import { Waiting } from '../layout/Waiting';
import { useSave } from '../api/useSave';
import { Section } from '../layout/Section';

type Optional = { reminders: boolean; announcements: boolean };

export function MailPreferencesSection() {
  const status = useFunction('myMailStatus');
  const show = useToast();
  const [optional, setOptional] = useState<Optional>();
  const { message, saving, save } = useSave('saveMailPreferences', { shows: () => false });
  useEffect(() => {
    if (status.data) setOptional(status.data.optional);
  }, [status.data]);
  const toggle = (kind: keyof Optional) => (_event: unknown, checked: boolean) =>
    setOptional((current) => current && { ...current, [kind]: checked });
  return (
    <Section title="E-mails">
      {status.isPending && <Waiting />}
      {status.isError && (
        <LoadFailure what="Your e-mail choices" error={status.error} onRetry={() => void status.refetch()} />
      )}
      {optional && (
        <form
          noValidate
          aria-label="E-mails"
          onSubmit={(event) => {
            event.preventDefault();
            void save(optional).then((saved) => {
              if (saved) show({ severity: 'success', detail: 'Your e-mail choices are saved.' });
            });
          }}
        >
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Every change to your children's enrollments, and every change or cancelled meeting of their classes, always
            reaches you. These you may switch off:
          </Typography>
          <FormGroup>
            <FormControlLabel
              control={<Checkbox checked={optional.reminders} onChange={toggle('reminders')} />}
              label="Reminders before a class starts"
            />
            <FormControlLabel
              control={<Checkbox checked={optional.announcements} onChange={toggle('announcements')} />}
              label="Messages from the programme to the families of a class or semester"
            />
          </FormGroup>
          {message && (
            <Alert severity="error" sx={{ my: 1 }}>
              {message}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 1 }}>
            {saving ? 'Saving…' : 'Save e-mail choices'}
          </Button>
        </form>
      )}
    </Section>
  );
}
