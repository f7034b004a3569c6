// /instructor/invitation: where an instructor's invitation e-mail sends them. Signed in (the route asks first, and
// brings them back after signing in or creating the account) with the invited address, they accept, and the class
// day is theirs. No link carries a secret: only the login holding the invited address can accept (decision 41),
// so signed in with another one, the portal's refusal is shown with a way to use another account.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { type ApiError, asApiError } from '../api/client';
import { useChange } from '../api/changes';
import { PageTitle } from '../layout/PageTitle';
import { paths } from '../layout/paths';
import { Section } from '../layout/Section';
import { useToast } from '../layout/toast';
import { UseAnotherAccount } from '../layout/UseAnotherAccount';

export function InstructorInvitationPage() {
  const accept = useChange('acceptInstructorInvitation');
  const navigate = useNavigate();
  const show = useToast();
  const [failure, setFailure] = useState<ApiError>();
  const send = async () => {
    setFailure(undefined);
    try {
      const { instructor } = await accept.mutateAsync({});
      show({
        severity: 'success',
        summary: 'Invitation accepted',
        detail: `You teach ${instructor.classes.map((cls) => cls.name).join(', ') || 'the classes the office assigns'}.`,
      });
      await navigate(paths.classDay);
    } catch (error) {
      setFailure(asApiError(error));
    }
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageTitle title="Invitation to teach" />
      {failure?.status === 404 ? (
        <UseAnotherAccount message={failure.message} page={paths.instructorInvitation} />
      ) : (
        <Section title="The office invites you to teach">
          <Typography sx={{ mb: 2 }}>
            Once you accept, the class day shows you the classes the office chose for you: each meeting's roster with
            what keeps the children safe, and their attendance, on your phone.
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure.message}
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void send()} disabled={accept.isPending}>
              {accept.isPending ? 'Accepting…' : 'Accept the invitation'}
            </Button>
            <Button component={RouterLink} to={paths.classDay}>
              Not now
            </Button>
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
