import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useAuth } from '../api/session';
import { useI18n } from '../i18n/account';
import { rich } from '../i18n/rich';
import { Waiting } from '../layout/Waiting';
import { lazily } from '../layout/lazily';
import { Section } from '../layout/Section';
import { DeleteAccountSection } from './DeleteAccountSection';
import { GuardiansSection } from './GuardiansSection';
import { StudentsSection } from './StudentsSection';
import { PageTitle } from '../layout/PageTitle';
import { MailDeliveryNotice } from './MailDeliveryNotice';
import { MailPreferencesSection } from './MailPreferencesSection';

// The form needs Amplify, which a signed-in page may not have loaded yet: the page shows at once and the form follows.
const ChangePassword = lazily(() => import('./ChangePassword'), 'ChangePassword');
const SecondFactorSection = lazily(() => import('./SecondFactorSection'), 'SecondFactorSection');

/**
 * /account/manage: the account's e-mail, password and second factor, the family's children and guardians, the
 * caller's e-mails, and deleting the account.
 */
export function ManageAccountPage() {
  const { user } = useAuth();
  const { t } = useI18n();
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageTitle title={t('account.manage.title')} />
      <MailDeliveryNotice />
      <Section title={t('account.manage.account')}>
        <Typography>
          {rich(t('account.manage.email', { email: user?.email ?? t('account.manage.noEmail') }), [<strong />])}
        </Typography>
      </Section>
      <Section title={t('account.manage.changePassword')}>
        <Suspense fallback={<Waiting />}>
          <ChangePassword />
        </Suspense>
      </Section>
      <Section title={t('account.manage.secondFactor')}>
        <Suspense fallback={<Waiting />}>
          <SecondFactorSection />
        </Suspense>
      </Section>
      <Section title={t('account.manage.children')}>
        <StudentsSection />
      </Section>
      <GuardiansSection />
      <MailPreferencesSection />
      <Section title={t('account.manage.delete')}>
        <DeleteAccountSection />
      </Section>
    </Stack>
  );
}
