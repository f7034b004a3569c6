// The family's guardians on /account/manage: who manages the children, inviting another adult by e-mail (with
// the family's name as the invitation shows it), the invitations still waiting (cancel one), removing a guardian
// and leaving the family, each after a confirmation. A family keeps at least one guardian: the last one is told
// how the family closes instead.
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { familyName, type FamilyGuardian, type GuardianInvitation, type Student } from '@contract/records';
import { useChange } from '../api/changes';
import { useFunction } from '../api/queries';
import { schemaProblems, useSave } from '../api/useSave';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { LoadFailure } from '../layout/LoadFailure';
import { dateLabel } from '../layout/schedule';
import { Section } from '../layout/Section';
import { useToast } from '../layout/toast';
import { Waiting } from '../layout/Waiting';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The family's name offered to the inviter: the children's last name, when they share one. */
function suggestedFamilyName(students: Student[] | undefined): string {
  const lastNames = [...new Set(students?.map((student) => student.lastName))];
  return lastNames.length === 1 ? `The ${lastNames[0]} family` : '';
}

export function GuardiansSection() {
  const loaded = useFunction('guardians');
  const students = useFunction('students');
  const removeGuardian = useChange('removeGuardian');
  const show = useToast();
  const [email, setEmail] = useState('');
  // Untouched: the suggestion.
  const [typedFamilyName, setFamilyName] = useState<string>();
  const named = typedFamilyName ?? suggestedFamilyName(students.data?.students);
  const [removing, setRemoving] = useState<FamilyGuardian>();
  const [cancelling, setCancelling] = useState<GuardianInvitation>();
  const invite = useSave('inviteGuardian', {
    shows: (field) => field === 'email' || field === 'familyName',
    names: (field) =>
      field === 'familyName'
        ? { the: "your family's name" }
        : {
            the: "the guardian's e-mail",
            says: { 'must be an e-mail address': 'Enter the whole e-mail address, like name@example.com' },
          },
  });

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim();
    const sent = await invite.save(
      { email: wanted, ...(named.trim() && { familyName: named }) },
      {
        ...(EMAIL.test(wanted) ? {} : { email: 'must be an e-mail address' }),
        ...schemaProblems(familyName, named, 'familyName'),
      },
    );
    if (sent) {
      show({
        severity: 'success',
        summary: 'Invitation sent',
        detail: `${sent.invitation.email} gets an e-mail with a link to accept, valid until ${dateLabel(sent.invitation.expiresAt.slice(0, 10))}.`,
      });
      setEmail('');
      setFamilyName(undefined);
      invite.forget();
    }
  };

  if (loaded.isPending)
    return (
      <Section title="Guardians">
        <Waiting />
      </Section>
    );
  if (loaded.isError)
    return (
      <Section title="Guardians">
        <LoadFailure what="Your family's guardians" error={loaded.error} onRetry={() => void loaded.refetch()} />
      </Section>
    );
  const { guardians, invitations } = loaded.data;
  const alone = guardians.length < 2;
  const leaving = removing?.you;
  return (
    <Section title="Guardians">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Guardians manage the same children and enrollments, and each receives the family's e-mails as they choose below.
      </Typography>
      <List disablePadding aria-label="Guardians">
        {guardians.map((guardian) => (
          <ListItem
            key={guardian.sub}
            divider
            disableGutters
            secondaryAction={
              !alone && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRemoving(guardian)}
                  aria-label={guardian.you ? 'Leave the family' : `Remove ${guardian.email}`}
                >
                  {guardian.you ? 'Leave' : 'Remove'}
                </Button>
              )
            }
          >
            <ListItemText
              primary={guardian.you ? `${guardian.email} (you)` : guardian.email}
              secondary={guardian.joinedAt ? `Guardian since ${dateLabel(guardian.joinedAt.slice(0, 10))}` : undefined}
              sx={{ pr: 10, overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
      </List>
      {alone && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          You are the family's only guardian. Invite another adult (a parent, a grandparent) to share the children and
          their enrollments.
        </Typography>
      )}

      {invitations.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            Invitations waiting
          </Typography>
          <List disablePadding aria-label="Invitations waiting">
            {invitations.map((invitation) => (
              <ListItem
                key={invitation.id}
                divider
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    onClick={() => setCancelling(invitation)}
                    aria-label={`Cancel the invitation to ${invitation.email}`}
                  >
                    Cancel
                  </Button>
                }
              >
                <ListItemText
                  primary={invitation.email}
                  secondary={`Sent by ${invitation.invitedByEmail}; valid until ${dateLabel(invitation.expiresAt.slice(0, 10))}`}
                  sx={{ pr: 10, overflowWrap: 'anywhere' }}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}

      <Stack
        component="form"
        noValidate
        ref={invite.formRef}
        onSubmit={(event) => void send(event)}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ mt: 2, alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
        aria-label="Invite a guardian"
      >
        <TextField
          size="small"
          type="email"
          label="E-mail of the guardian to invite"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={!!invite.errors.email || !!invite.message}
          helperText={
            invite.errors.email ??
            invite.message ??
            'They accept with the link in the e-mail, signed in with this address.'
          }
          sx={{ minWidth: { sm: 320 } }}
        />
        <TextField
          size="small"
          label="Your family's name, as they read it"
          value={named}
          onChange={(event) => setFamilyName(event.target.value)}
          error={!!invite.errors.familyName}
          helperText={
            invite.errors.familyName ??
            'Optional. Before accepting they see only this and your e-mail address, not the children.'
          }
          sx={{ minWidth: { sm: 320 } }}
        />
        <Button type="submit" variant="contained" disabled={invite.saving}>
          {invite.saving ? 'Sending…' : 'Invite'}
        </Button>
      </Stack>

      {removing && (
        <ConfirmDialog
          title={leaving ? 'Leave the family?' : `Remove ${removing.email}?`}
          confirmLabel={leaving ? 'Leave the family' : 'Remove guardian'}
          keepLabel={leaving ? 'Stay' : 'Keep them'}
          busyLabel={leaving ? 'Leaving…' : 'Removing…'}
          destructive
          onClose={() => setRemoving(undefined)}
          action={async () => {
            await removeGuardian.mutateAsync({ sub: removing.sub });
            show({
              severity: 'success',
              summary: leaving ? 'You left the family' : 'Guardian removed',
              detail: leaving
                ? 'The children and their enrollments stay with the other guardians.'
                : `${removing.email} no longer manages your children.`,
            });
          }}
        >
          <DialogContentText>
            {leaving
              ? 'You will no longer see or manage the children and their enrollments, nor receive the family’s e-mails. ' +
                'They stay with the other guardians, who can invite you again.'
              : `${removing.email} will no longer see or manage the children and their enrollments, nor receive the family’s e-mails. You can invite them again.`}
          </DialogContentText>
        </ConfirmDialog>
      )}
      {cancelling && (
        <ConfirmDialog
          title={`Cancel the invitation to ${cancelling.email}?`}
          confirmLabel="Cancel invitation"
          keepLabel="Keep it"
          busyLabel="Cancelling…"
          onClose={() => setCancelling(undefined)}
          action={async () => {
            await removeGuardian.mutateAsync({ invitationId: cancelling.id });
            show({ severity: 'success', detail: `The link sent to ${cancelling.email} no longer works.` });
          }}
        >
          <DialogContentText>
            The link in the e-mail stops working. You can send a new invitation later.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Section>
  );
}
