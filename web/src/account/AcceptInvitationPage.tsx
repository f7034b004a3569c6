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
import { LoadFailure } from '../layout/LoadFailure';
import { PageTitle } from '../layout/PageTitle';
import { paths } from '../layout/paths';
import { dateLabel } from '../layout/schedule';
import { Section } from '../layout/Section';
import { useToast } from '../layout/toast';
import { UseAnotherAccount } from '../layout/UseAnotherAccount';
import { Waiting } from '../layout/Waiting';

export function AcceptInvitationPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageTitle title="Invitation to be a guardian" />
      {token ? (
        <Invitation token={token} />
      ) : (
        <Alert severity="error">
          This link has no invitation in it. Open the whole link from the invitation e-mail, or ask for a new one.
        </Alert>
      )}
    </Stack>
  );
}

function Invitation({ token }: { token: string }) {
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
      <LoadFailure what="The invitation" error={loaded.error} onRetry={() => void loaded.refetch()} />
    );
  }
  const invitation = loaded.data.invited!;
  if (invitation.joined)
    return (
      <Alert severity="success">
        You are a guardian of this family. See the children's{' '}
        <Link component={RouterLink} to={paths.myEnrollments}>
          enrollments
        </Link>
        .
      </Alert>
    );
  const family = invitation.familyName ?? `${invitation.invitedByEmail}'s family`;
  const accept = async () => {
    setFailure(undefined);
    try {
      await acceptInvitation.mutateAsync({ token });
      show({
        severity: 'success',
        summary: 'Invitation accepted',
        detail: `You now manage the children of ${family}.`,
      });
      await navigate(paths.myEnrollments);
    } catch (error) {
      setFailure(asApiError(error).message);
    }
  };
  return (
    <Section title={`${invitation.invitedByEmail} invites you`}>
      <Typography sx={{ mb: 1 }}>
        <strong>{invitation.invitedByEmail}</strong> invites you to be a guardian of{' '}
        {invitation.familyName ? <strong>{invitation.familyName}</strong> : 'their family'}. Once you accept, you see
        and manage the same children and enrollments, and receive the family's e-mails (you choose which in Manage
        Account).
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        It can be accepted until {dateLabel(invitation.expiresAt.slice(0, 10))}.
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void accept()} disabled={acceptInvitation.isPending}>
          {acceptInvitation.isPending ? 'Accepting…' : 'Accept the invitation'}
        </Button>
        <Button component={RouterLink} to={paths.myEnrollments}>
          Not now
        </Button>
      </Stack>
    </Section>
  );
}
