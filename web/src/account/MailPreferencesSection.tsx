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
import { useI18n } from '../i18n/account';
import { LoadFailure } from '../layout/LoadFailure';
import { useToast } from '../layout/toast';
import { Waiting } from '../layout/Waiting';
import { useSave } from '../api/useSave';
import { Section } from '../layout/Section';

type Optional = { enrollmentChanges: boolean; reminders: boolean; announcements: boolean; checkOuts: boolean };

export function MailPreferencesSection() {
  const { t } = useI18n();
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
    <Section title={t('account.mail.title')}>
      {status.isPending && <Waiting />}
      {status.isError && (
        <LoadFailure what={t('account.mail.loadWhat')} error={status.error} onRetry={() => void status.refetch()} />
      )}
      {optional && (
        <form
          noValidate
          aria-label={t('account.mail.form')}
          onSubmit={(event) => {
            event.preventDefault();
            void save(optional).then((saved) => {
              if (saved) show({ severity: 'success', detail: t('account.mail.saved') });
            });
          }}
        >
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('account.mail.intro')}
          </Typography>
          <FormGroup>
            <FormControlLabel
              control={<Checkbox checked={optional.enrollmentChanges} onChange={toggle('enrollmentChanges')} />}
              label={t('account.mail.enrollmentChanges')}
            />
            <FormControlLabel
              control={<Checkbox checked={optional.reminders} onChange={toggle('reminders')} />}
              label={t('account.mail.reminders')}
            />
            <FormControlLabel
              control={<Checkbox checked={optional.announcements} onChange={toggle('announcements')} />}
              label={t('account.mail.announcements')}
            />
            <FormControlLabel
              control={<Checkbox checked={optional.checkOuts} onChange={toggle('checkOuts')} />}
              label={t('account.mail.checkOuts')}
            />
          </FormGroup>
          {message && (
            <Alert severity="error" sx={{ my: 1 }}>
              {message}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 1 }}>
            {saving ? t('account.mail.saving') : t('account.mail.save')}
          </Button>
        </form>
      )}
    </Section>
  );
}
