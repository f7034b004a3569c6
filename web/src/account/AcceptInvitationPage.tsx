// /account/invitation?token=…: the page an invitation e-mail links to. Signed in (the route asks first, and
// brings the invitee back here after signing in or creating the account) with the invited address, they see
// who invites them, to which family (as the inviter named it) and until when, and accept; the family's
// children and enrollments are then theirs to manage too. Signed in with another address, they learn nothing
// of the invitation: the portal refuses it, and they may use another account. Signed out, the link opens account
// creation first (web/src/auth/guards.tsx), since most invitees have no account yet.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { asApiError } from '../api/client';
import { useChange } from '../api/changes';
import { useFunction } from '../api/queries';
import { useI18n } from '../i18n/account';
import { useFormat } from '../i18n/format';
import { rich } from '../i18n/rich';
import { LoadFailure } from '../layout/LoadFailure';
import { PageTitle } from '../layout/PageTitle';
import { paths } from '../layout/paths';
import { Section } from '../layout/Section';
import { useToast } from '../layout/toast';
import { UseAnotherAccount } from '../layout/UseAnotherAccount';
import { Waiting } from '../layout/Waiting';

/** A date alone (YYYY-MM-DD): "Jan 17, 2099" / "17 ene 2099". */
const DATE_ALONE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };

export function AcceptInvitationPage() {
  const { t } = useI18n();
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageTitle title={t('account.invitation.title')} />
      {token ? <Invitation token={token} /> : <Alert severity="error">{t('account.invitation.noToken')}</Alert>}
    </Stack>
  );
}

function Invitation({ token }: { token: string }) {
  const { t } = useI18n();
  const format = useFormat();
  const loaded = useFunction('guardians', { invitation: token });
  const acceptInvitation = useChange('acceptInvitation');
  const navigate = useNavigate();
  const show = useToast();
  const [failure, setFailure] = useState<string>();

  if (loaded.isPending) return <Waiting />;
  if (loaded.isError) {
    if (loaded.error.status === 409)
      return <UseAnotherAccount message={loaded.error.message} page={paths.acceptInvitation} />;
    return loaded.error.status === 404 || loaded.error.status === 400 ? (
      <Alert severity="error">{loaded.error.message}</Alert>
    ) : (
      <LoadFailure what={t('account.invitation.loadWhat')} error={loaded.error} onRetry={() => void loaded.refetch()} />
    );
  }
  const invitation = loaded.data.invited!;
  if (invitation.joined)
    return (
      <Alert severity="success">
        {rich(t('account.invitation.joined'), [<Link component={RouterLink} to={paths.myEnrollments} />])}
      </Alert>
    );
  const family = invitation.familyName ?? t('account.invitation.theirFamily', { email: invitation.invitedByEmail });
  const accept = async () => {
    setFailure(undefined);
    try {
      await acceptInvitation.mutateAsync({ token });
      show({
        severity: 'success',
        summary: t('account.invitation.accepted'),
        detail: t('account.invitation.acceptedDetail', { family }),
      });
      await navigate(paths.myEnrollments);
    } catch (error) {
      setFailure(asApiError(error).message);
    }
  };
  return (
    <Section title={t('account.invitation.invitesYou', { email: invitation.invitedByEmail })}>
      <Typography sx={{ mb: 1 }}>
        {rich(
          invitation.familyName
            ? t('account.invitation.toFamily', { email: invitation.invitedByEmail, family: invitation.familyName })
            : t('account.invitation.toTheirFamily', { email: invitation.invitedByEmail }),
          [<strong />, <strong />],
        )}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('account.invitation.until', {
          date: format.moment(`${invitation.expiresAt.slice(0, 10)}T00:00:00Z`, DATE_ALONE),
        })}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void accept()} disabled={acceptInvitation.isPending}>
          {acceptInvitation.isPending ? t('account.invitation.accepting') : t('account.invitation.accept')}
        </Button>
        <Button component={RouterLink} to={paths.myEnrollments}>
          {t('account.invitation.notNow')}
        </Button>
      </Stack>
    </Section>
  );
}
