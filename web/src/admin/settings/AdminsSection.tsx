// The admin group: who is in it, granting by e-mail after the administrator has seen exactly which account
// the address finds (its exact e-mail, whether it is proven, when it was made), revoking after a confirmation.
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { FunctionResult } from '@contract/manifest';
import { useChange } from '../../api/changes';
import { useFunction } from '../../api/queries';
import { Section } from '../../layout/Section';
import { useAuth } from '../../api/session';
import { LoadFailure } from '../../layout/LoadFailure';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { useSave } from '../../api/useSave';
import { isEmail } from './configValues';
import { useMomentText } from '../../layout/RemoteConfig';

type Admin = FunctionResult<'admins'>['admins'][number];
type Account = FunctionResult<'adminAccount'>['account'];

export function AdminsSection() {
  // grantAdmin and revokeAdmin answer with the new list, which takes this one's place.
  const loaded = useFunction('admins');
  const grantAdmin = useChange('grantAdmin');
  const revokeAdmin = useChange('revokeAdmin');
  const { user } = useAuth();
  const show = useToast();
  const [email, setEmail] = useState('');
  const [revoking, setRevoking] = useState<Admin>();
  const [granting, setGranting] = useState<Account>();
  const moment = useMomentText();
  // First the account the address finds: the dialog shows it before anything is granted.
  const lookUp = useSave('adminAccount', {
    shows: (field) => field === 'email',
    names: () => ({
      the: "the account's e-mail",
      says: { 'must be an e-mail address': 'Enter the whole e-mail address, like name@example.com' },
    }),
  });
  const { errors, message, saving } = lookUp;
  const admins = loaded.data?.admins;

  const grant = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim();
    const found = await lookUp.save({ email: wanted }, isEmail(wanted) ? {} : { email: 'must be an e-mail address' });
    if (found) setGranting(found.account);
  };

  return (
    <Section title="Administrators">
      {loaded.isPending && <Waiting />}
      {loaded.isError && (
        <LoadFailure what="The administrators" error={loaded.error} onRetry={() => void loaded.refetch()} />
      )}
      {admins && (
        <List disablePadding aria-label="Administrators">
          {[...admins]
            .sort((a, b) => a.email.localeCompare(b.email))
            .map((admin) => (
              <ListItem
                key={admin.sub}
                divider
                disableGutters
                secondaryAction={
                  // Nobody removes their own access (the server refuses it): the reason shows instead.
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRevoking(admin)}
                    disabled={admin.sub === user?.sub}
                    aria-label={`Revoke ${admin.email}`}
                  >
                    Revoke
                  </Button>
                }
              >
                <ListItemText
                  primary={admin.email}
                  secondary={
                    admin.sub === user?.sub
                      ? 'You. Your own access cannot be revoked here: another administrator can.'
                      : undefined
                  }
                  sx={{ pr: 10, overflowWrap: 'anywhere' }}
                />
              </ListItem>
            ))}
        </List>
      )}
      {admins?.length === 0 && <Typography color="text.secondary">Nobody is in the admin group.</Typography>}
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => void grant(event)}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mt: 2, alignItems: { sm: 'flex-start' } }}
        aria-label="Grant administrator access"
      >
        <TextField
          size="small"
          type="email"
          label="E-mail of an account"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={!!errors.email || !!message}
          helperText={errors.email ?? message ?? 'The person must have created an account on the portal.'}
          sx={{ minWidth: 300 }}
        />
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Looking up…' : 'Grant admin'}
        </Button>
      </Stack>
      {granting && (
        <ConfirmDialog
          title={`Grant admin to ${granting.email}?`}
          confirmLabel="Grant admin"
          onClose={() => setGranting(undefined)}
          action={async () => {
            await grantAdmin.mutateAsync({ email: granting.email });
            show({
              severity: 'success',
              summary: 'Administrator added',
              detail: `${granting.email} is an administrator from their next sign-in.`,
            });
            setEmail('');
          }}
        >
          <DialogContentText component="div">
            <dl aria-label="The account">
              <dt>E-mail</dt>
              <dd>{granting.email}</dd>
              <dt>E-mail confirmed</dt>
              <dd>
                {granting.verified && granting.confirmed
                  ? 'Yes, with the code sent to it'
                  : 'No: the account has not entered the code sent to this address'}
              </dd>
              <dt>Account created</dt>
              <dd>{moment(granting.createdAt)}</dd>
              <dt>Second factor</dt>
              <dd>
                {granting.secondFactor
                  ? 'On: signing in asks for a code from an authenticator app'
                  : 'Off: the person must turn it on under “Second factor” in Manage Account'}
              </dd>
            </dl>
            {!(granting.verified && granting.confirmed)
              ? 'Admin access cannot be granted until the person confirms the address.'
              : granting.secondFactor
                ? 'This account will see every family’s details and can change the programme.'
                : 'Admin access cannot be granted until the person turns on their second factor.'}
          </DialogContentText>
        </ConfirmDialog>
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke ${revoking.email}?`}
          confirmLabel="Revoke admin"
          destructive
          onClose={() => setRevoking(undefined)}
          action={async () => {
            await revokeAdmin.mutateAsync({ email: revoking.email });
            show({
              severity: 'success',
              summary: 'Administrator removed',
              detail: `${revoking.email} is no longer an administrator.`,
            });
          }}
        >
          <DialogContentText>
            {revoking.email} keeps their family account, is signed out everywhere, and can no longer change
            administrators or settings; the other administration screens close when their sign-in is next refreshed
            (within 15 minutes).
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Section>
  );
}
