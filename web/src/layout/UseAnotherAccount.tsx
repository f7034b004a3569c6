// An invitation refused to the signed-in account (it was sent to another address): the refusal, and a way to sign
// in with another account that comes back to the invitation, by way of the page a signed-out visitor of it sees.
// The guardians' invitation and the instructors' share it.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../api/session';
import { useI18n } from '../i18n/common';
import { signInFirstFor } from './signInFirst';

/** `page`: the invitation's path, whose sign-in first (./signInFirst) the invitee goes through again. */
export function UseAnotherAccount({ message, page }: { message: string; page: string }) {
  const { user, signOut } = useAuth();
  const { t } = useI18n();
  const { pathname, search, hash } = useLocation();
  const signInAgain = () => signOut({ ...signInFirstFor(page, hash)!, comeBackTo: pathname + search + hash });
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
        {t('common.anotherAccount.signedInAs', { message, email: user?.email })}
      </Alert>
      <Button variant="contained" onClick={() => void signInAgain()}>
        {t('common.anotherAccount.use')}
      </Button>
    </Stack>
  );
}
