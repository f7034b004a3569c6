// Writing to families: whom (a class, its waitlist, a class group or the whole semester), a subject and simple
// formatted text; then the e-mail as one family will read it, how many families and addresses it reaches, and
// sending after a confirmation. One e-mail per family, however many of its children are there.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { DEFAULT_PROGRAMME_NAME } from '@contract/configNames';
import type { FunctionResult } from '@contract/manifest';
import { messageInput, type MessageAudience } from '@contract/records';
import { renderMail } from '@contract/mail/mailRender';
import { useChange } from '../../api/changes';
import { useFunction } from '../../api/queries';
import { useSave } from '../../api/useSave';
import { Section } from '../../layout/Section';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { useRemoteConfig } from '../../layout/RemoteConfig';
import { useToast } from '../../layout/toast';
import { announcementContent } from '@contract/mail/announcement';
import { inSpanish, SPANISH_HINT, spanishInput } from '../spanish';

type Reach = FunctionResult<'messageAudience'>;

const KINDS: Array<{ kind: MessageAudience['kind']; label: string }> = [
  { kind: 'class', label: 'The families of a class' },
  { kind: 'waitlist', label: "The families on a class's waitlist" },
  { kind: 'group', label: 'The families of a class group' },
  { kind: 'semester', label: 'Every family of the semester' },
];

const FORMAT_HELP =
  'A blank line starts a new paragraph; a line starting with "- " is a list item; **text** is bold; web addresses become links.';

export function ComposeSection({ semesterId }: { semesterId: string }) {
  const classes = useFunction('classesBySemester', { semesters: [semesterId] });
  const groups = useFunction('semesterGroups', { semesterId });
  const config = useRemoteConfig();
  const show = useToast();
  const [kind, setKind] = useState<MessageAudience['kind']>('class');
  const [targetId, setTargetId] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [spanish, setSpanish] = useState({ subject: '', text: '' });
  const [reach, setReach] = useState<Reach>();
  const [confirming, setConfirming] = useState(false);
  // The page's own id for this message: a retried send finds what it started.
  const [messageId, setMessageId] = useState(() => crypto.randomUUID());
  // The preview first counts whom the message reaches; the same checks as the send's schema come before it.
  const { errors, message, saving, save } = useSave('messageAudience', {
    shows: (field) => ['subject', 'text', 'audience', 'es.subject', 'es.text'].includes(field),
  });
  const sendMessage = useChange('sendMessage');

  const targets =
    kind === 'semester'
      ? []
      : kind === 'group'
        ? (groups.data?.groups ?? []).map(({ id, name }) => ({ id, name }))
        : (classes.data?.classes[semesterId] ?? []).map(({ id, name }) => ({ id, name }));
  const audience: MessageAudience = { kind, id: kind === 'semester' ? semesterId : targetId };
  const changed = () => setReach(undefined);

  const preview = useMemo(() => {
    if (!reach) return undefined;
    const origin = window.location.origin;
    const site = {
      siteUrl: origin,
      programme:
        typeof config.programmeName === 'string' && config.programmeName
          ? config.programmeName
          : DEFAULT_PROGRAMME_NAME,
      logoUrl: `${origin}/mail-logo.png`,
      ...(config.contactEmail && { contactEmail: config.contactEmail }),
    };
    const children = reach.exampleChildren.length
      ? reach.exampleChildren
      : [{ name: 'your child', status: 'enrolled' as const }];
    return renderMail(announcementContent({ subject, text, children, where: reach.where }, site), site);
  }, [reach, subject, text, config]);

  const check = () => {
    const parsed = messageInput.safeParse({ audience, subject, text, ...spanishInput(spanish) });
    const problems: Record<string, string> = {};
    if (kind !== 'semester' && !targetId)
      problems.audience = `choose ${kind === 'group' ? 'a class group' : 'a class'}`;
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0]);
      problems[field === 'es' ? `es.${String(issue.path[1])}` : field] ??= issue.message;
    }
    return problems;
  };

  return (
    <Section title="Write to families">
      <Stack
        spacing={2}
        component="form"
        noValidate
        aria-label="Write to families"
        onSubmit={(event) => {
          event.preventDefault();
          void save({ audience }, check()).then((counted) => counted && setReach(counted));
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            size="small"
            label="To"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as MessageAudience['kind']);
              setTargetId('');
              changed();
            }}
            sx={{ minWidth: 280 }}
          >
            {KINDS.map((option) => (
              <MenuItem key={option.kind} value={option.kind}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          {kind !== 'semester' && (
            <TextField
              select
              size="small"
              label={kind === 'group' ? 'Class group' : 'Class'}
              value={targets.some((target) => target.id === targetId) ? targetId : ''}
              onChange={(event) => {
                setTargetId(event.target.value);
                changed();
              }}
              error={!!errors.audience}
              helperText={errors.audience ?? (targets.length === 0 ? 'None in this semester yet.' : undefined)}
              sx={{ minWidth: 280 }}
            >
              {targets.map((target) => (
                <MenuItem key={target.id} value={target.id}>
                  {target.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        <TextField
          size="small"
          label="Subject"
          value={subject}
          onChange={(event) => {
            setSubject(event.target.value);
            changed();
          }}
          error={!!errors.subject}
          helperText={errors.subject}
          slotProps={{ htmlInput: { maxLength: 150 } }}
        />
        <TextField
          label="Message"
          multiline
          minRows={6}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            changed();
          }}
          error={!!errors.text}
          helperText={errors.text ?? FORMAT_HELP}
        />
        <TextField
          size="small"
          label={inSpanish('Subject')}
          value={spanish.subject}
          onChange={(event) => setSpanish({ ...spanish, subject: event.target.value })}
          error={!!errors['es.subject']}
          helperText={errors['es.subject'] ?? SPANISH_HINT}
          slotProps={{ htmlInput: { maxLength: 150, lang: 'es' } }}
        />
        <TextField
          label={inSpanish('Message')}
          multiline
          minRows={3}
          value={spanish.text}
          onChange={(event) => setSpanish({ ...spanish, text: event.target.value })}
          error={!!errors['es.text']}
          helperText={errors['es.text'] ?? SPANISH_HINT}
          slotProps={{ htmlInput: { lang: 'es' } }}
        />
        {message && <Alert severity="error">{message}</Alert>}
        <div>
          <Button type="submit" variant="outlined" disabled={saving}>
            {saving ? 'Counting families…' : 'Preview'}
          </Button>
        </div>
      </Stack>
      {reach && preview && (
        <Stack component="section" spacing={2} sx={{ mt: 3 }} aria-label="Preview">
          <Typography component="h3" variant="subtitle1">
            Preview: the e-mail as one family of {reach.label} reads it
          </Typography>
          <iframe
            title="Preview of the e-mail"
            srcDoc={preview.html}
            sandbox=""
            style={{ width: '100%', height: 480, border: '1px solid rgba(0,0,0,0.2)', borderRadius: 4 }}
          />
          <Typography>
            It reaches <strong>{reach.families}</strong> {reach.families === 1 ? 'family' : 'families'} at{' '}
            <strong>{reach.addresses}</strong> {reach.addresses === 1 ? 'address' : 'addresses'}: one e-mail per family,
            however many of its children are there.
            {reach.switchedOff > 0 &&
              ` ${reach.switchedOff} more ${reach.switchedOff === 1 ? 'family has' : 'families have'} switched messages off.`}
          </Typography>
          <div>
            <Button variant="contained" disabled={reach.families === 0} onClick={() => setConfirming(true)}>
              Send to {reach.families} {reach.families === 1 ? 'family' : 'families'}
            </Button>
          </div>
        </Stack>
      )}
      {confirming && reach && (
        <ConfirmDialog
          title={`Send "${subject}" to ${reach.families} ${reach.families === 1 ? 'family' : 'families'}?`}
          confirmLabel="Send"
          keepLabel="Not yet"
          busyLabel="Sending…"
          onClose={() => setConfirming(false)}
          action={async () => {
            const sent = await sendMessage.mutateAsync({
              messageId,
              audience,
              subject,
              text,
              ...spanishInput(spanish),
            });
            show({
              severity: 'success',
              detail: `Sending to ${sent.message.recipients} ${sent.message.recipients === 1 ? 'family' : 'families'}: follow it under Sent messages.`,
            });
            setMessageId(crypto.randomUUID());
            setSubject('');
            setText('');
            setSpanish({ subject: '', text: '' });
            setReach(undefined);
          }}
        >
          <DialogContentText>
            Each family of {reach.label} gets this e-mail once, at every address on its account. It cannot be taken
            back.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Section>
  );
}
