// The e-mails the signed-in guardian gets (each guardian of a family chooses their own): what changes the
// children's enrollments, a class or a meeting (always reaching at least one guardian of the family),
// reminders before a class starts, the programme's messages, and check-outs on the class day.
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

type Optional = { enrollmentChanges: boolean; reminders: boolean; announcements: boolean; checkOuts: boolean };

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
            Each guardian of your family chooses their own e-mails. Changes to the children's enrollments, and changes
            or cancelled meetings of their classes, always reach at least one guardian: you can switch them off only
            while another guardian receives them.
          </Typography>
          <FormGroup>
            <FormControlLabel
              control={<Checkbox checked={optional.enrollmentChanges} onChange={toggle('enrollmentChanges')} />}
              label="Changes to the children's enrollments and to their classes"
            />
            <FormControlLabel
              control={<Checkbox checked={optional.reminders} onChange={toggle('reminders')} />}
              label="Reminders before a class starts"
            />
            <FormControlLabel
              control={<Checkbox checked={optional.announcements} onChange={toggle('announcements')} />}
              label="Messages from the programme to the families of a class or semester"
            />
            <FormControlLabel
              control={<Checkbox checked={optional.checkOuts} onChange={toggle('checkOuts')} />}
              label="When an instructor checks a child out at the end of a class (a check-out to someone not on the child's pick-up list is always told)"
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
