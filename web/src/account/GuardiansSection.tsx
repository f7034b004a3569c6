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
import { schemaProblems, useSave, type FieldName } from '../api/useSave';
import { i18n, useI18n } from '../i18n/account';
import { useFormat } from '../i18n/format';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { LoadFailure } from '../layout/LoadFailure';
import { Section } from '../layout/Section';
import { useToast } from '../layout/toast';
import { Waiting } from '../layout/Waiting';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest family name the contract takes (records.ts: familyName). */
const FAMILY_NAME_LENGTH = 120;
/** A date alone (YYYY-MM-DD): "Jan 17, 2099" / "17 ene 2099". */
const DATE_ALONE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };

/** The family's name offered to the inviter: the children's last name, when they share one. */
function suggestedFamilyName(students: Student[] | undefined): string {
  const lastNames = [...new Set(students?.map((student) => student.lastName))];
  return lastNames.length === 1 ? i18n._('account.guardians.suggestedName', { lastName: lastNames[0] }) : '';
}

/** How the invitation's form names its fields in its messages, in the language active when they show. */
function inviteFieldName(field: string): FieldName {
  const t = i18n._.bind(i18n);
  return field === 'familyName'
    ? {
        the: t('account.guardians.familyNameThe'),
        says: {
          [`must be at most ${FAMILY_NAME_LENGTH} characters`]: t('account.guardians.familyNameTooLong', {
            max: FAMILY_NAME_LENGTH,
          }),
          'must not contain line breaks or control characters': t('account.guardians.familyNameLineBreaks'),
        },
      }
    : {
        the: t('account.guardians.emailThe'),
        says: {
          'is required': t('account.guardians.emailRequired'),
          'must be an e-mail address': t('account.guardians.emailWhole'),
        },
      };
}

export function GuardiansSection() {
  const { t } = useI18n();
  const format = useFormat();
  const day = (date: string) => format.moment(`${date}T00:00:00Z`, DATE_ALONE);
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
    names: inviteFieldName,
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
        summary: t('account.guardians.sent'),
        detail: t('account.guardians.sentDetail', {
          email: sent.invitation.email,
          date: day(sent.invitation.expiresAt.slice(0, 10)),
        }),
      });
      setEmail('');
      setFamilyName(undefined);
      invite.forget();
    }
  };

  if (loaded.isPending)
    return (
      <Section title={t('account.guardians.title')}>
        <Waiting />
      </Section>
    );
  if (loaded.isError)
    return (
      <Section title={t('account.guardians.title')}>
        <LoadFailure
          what={t('account.guardians.loadWhat')}
          error={loaded.error}
          onRetry={() => void loaded.refetch()}
        />
      </Section>
    );
  const { guardians, invitations } = loaded.data;
  const alone = guardians.length < 2;
  const leaving = removing?.you;
  return (
    <Section title={t('account.guardians.title')}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('account.guardians.intro')}
      </Typography>
      <List disablePadding aria-label={t('account.guardians.list')}>
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
                  aria-label={
                    guardian.you
                      ? t('account.guardians.leaveFamily')
                      : t('account.guardians.removeName', { email: guardian.email })
                  }
                >
                  {guardian.you ? t('account.guardians.leave') : t('account.guardians.remove')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={guardian.you ? t('account.guardians.you', { email: guardian.email }) : guardian.email}
              secondary={
                guardian.joinedAt
                  ? t('account.guardians.since', { date: day(guardian.joinedAt.slice(0, 10)) })
                  : undefined
              }
              sx={{ pr: 10, overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
      </List>
      {alone && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('account.guardians.alone')}
        </Typography>
      )}

      {invitations.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {t('account.guardians.waiting')}
          </Typography>
          <List disablePadding aria-label={t('account.guardians.waiting')}>
            {invitations.map((invitation) => (
              <ListItem
                key={invitation.id}
                divider
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    onClick={() => setCancelling(invitation)}
                    aria-label={t('account.guardians.cancelName', { email: invitation.email })}
                  >
                    {t('account.guardians.cancel')}
                  </Button>
                }
              >
                <ListItemText
                  primary={invitation.email}
                  secondary={t('account.guardians.sentBy', {
                    email: invitation.invitedByEmail,
                    date: day(invitation.expiresAt.slice(0, 10)),
                  })}
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
        aria-label={t('account.guardians.inviteForm')}
      >
        <TextField
          size="small"
          type="email"
          label={t('account.guardians.emailLabel')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={!!invite.errors.email || !!invite.message}
          helperText={invite.errors.email ?? invite.message ?? t('account.guardians.emailHelp')}
          sx={{ minWidth: { sm: 320 } }}
        />
        <TextField
          size="small"
          label={t('account.guardians.familyNameLabel')}
          value={named}
          onChange={(event) => setFamilyName(event.target.value)}
          error={!!invite.errors.familyName}
          helperText={invite.errors.familyName ?? t('account.guardians.familyNameHelp')}
          sx={{ minWidth: { sm: 320 } }}
        />
        <Button type="submit" variant="contained" disabled={invite.saving}>
          {invite.saving ? t('account.guardians.sending') : t('account.guardians.invite')}
        </Button>
      </Stack>

      {removing && (
        <ConfirmDialog
          title={
            leaving ? t('account.guardians.leaveTitle') : t('account.guardians.removeTitle', { email: removing.email })
          }
          confirmLabel={leaving ? t('account.guardians.leaveFamily') : t('account.guardians.removeGuardian')}
          keepLabel={leaving ? t('account.guardians.stay') : t('account.guardians.keepThem')}
          busyLabel={leaving ? t('account.guardians.leaving') : t('account.guardians.removing')}
          destructive
          onClose={() => setRemoving(undefined)}
          action={async () => {
            await removeGuardian.mutateAsync({ sub: removing.sub });
            show({
              severity: 'success',
              summary: leaving ? t('account.guardians.left') : t('account.guardians.removed'),
              detail: leaving
                ? t('account.guardians.leftDetail')
                : t('account.guardians.removedDetail', { email: removing.email }),
            });
          }}
        >
          <DialogContentText>
            {leaving ? t('account.guardians.leaveText') : t('account.guardians.removeText', { email: removing.email })}
          </DialogContentText>
        </ConfirmDialog>
      )}
      {cancelling && (
        <ConfirmDialog
          title={t('account.guardians.cancelTitle', { email: cancelling.email })}
          confirmLabel={t('account.guardians.cancelInvitation')}
          keepLabel={t('account.guardians.keepIt')}
          busyLabel={t('account.guardians.cancelling')}
          onClose={() => setCancelling(undefined)}
          action={async () => {
            await removeGuardian.mutateAsync({ invitationId: cancelling.id });
            show({ severity: 'success', detail: t('account.guardians.cancelled', { email: cancelling.email }) });
          }}
        >
          <DialogContentText>{t('account.guardians.cancelText')}</DialogContentText>
        </ConfirmDialog>
      )}
    </Section>
  );
}
