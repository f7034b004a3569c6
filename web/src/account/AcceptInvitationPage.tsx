// /account/invitation?token=…: the page an invitation e-mail links to. Signed in (the route asks first, and
// brings the invitee back here after signing in or creating the account), they see who invites them and
// accept; the family's children and enrollments are then theirs to manage too.
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
import { useAuth } from '../api/session';
import { LoadFailure } from '../layout/LoadFailure';
import { PageTitle } from '../layout/PageTitle';
import { paths } from '../layout/paths';
import { dateLabel } from '../layout/schedule';
import { Section } from '../layout/Section';
import { useToast } from '../layout/toast';
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
  const { user } = useAuth();
  const loaded = useFunction('guardians', { invitation: token });
  const acceptInvitation = useChange('acceptInvitation');
  const navigate = useNavigate();
  const show = useToast();
  const [failure, setFailure] = useState<string>();

  if (loaded.isPending) return <Waiting />;
  if (loaded.isError)
    return loaded.error.status === 404 || loaded.error.status === 400 ? (
      <Alert severity="error">{loaded.error.message}</Alert>
    ) : (
      <LoadFailure what="The invitation" error={loaded.error} onRetry={() => void loaded.refetch()} />
    );
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
  const otherAddress = user?.email && user.email.toLowerCase() !== invitation.email;
  const accept = async () => {
    setFailure(undefined);
    try {
      await acceptInvitation.mutateAsync({ token });
      show({
        severity: 'success',
        summary: 'Invitation accepted',
        detail: `You now manage the children of ${invitation.invitedByEmail}'s family.`,
      });
      await navigate(paths.myEnrollments);
    } catch (error) {
      setFailure(asApiError(error).message);
    }
  };
  return (
    <Section title={`${invitation.invitedByEmail} invites you`}>
      <Typography sx={{ mb: 1 }}>
        <strong>{invitation.invitedByEmail}</strong> invites you to be a guardian of their family. Once you accept, you
        see and manage the same children and enrollments, and receive the family's e-mails (you choose which in Manage
        Account).
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Sent to {invitation.email}; it can be accepted until {dateLabel(invitation.expiresAt.slice(0, 10))}.
      </Typography>
      {otherAddress && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          You are signed in as {user.email}, and this invitation was sent to {invitation.email}. Sign out, then sign in
          with the account of {invitation.email} (or create it) and open the link again.
        </Alert>
      )}
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
