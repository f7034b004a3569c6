// The programme's policies a guardian reads and accepts for a child on the way to enrolling them (or to the
// lottery's draw): each text whole (scrollable, reachable by keyboard), a checkbox per policy, one action to
// accept and go on.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { PolicyToAccept, Student } from '@contract/records';
import { asApiError } from '../api/client';
import { useChange } from '../api/changes';
import { useI18n } from '../i18n/enroll';
import { useWritten, Written, writtenIn } from '../i18n/Written';

/** What a refusal asks a guardian to accept for a child, for a semester (`details.policiesToAccept`). */
export interface PoliciesAsked {
  studentId: string;
  semesterId: string;
  policies: PolicyToAccept[];
}

export function policiesAsked(details: unknown): PoliciesAsked | undefined {
  const asked = (details as { policiesToAccept?: PoliciesAsked } | undefined)?.policiesToAccept;
  return asked && typeof asked.studentId === 'string' && Array.isArray(asked.policies) ? asked : undefined;
}

const versionKey = (policy: Pick<PolicyToAccept, 'policyId' | 'version'>) => `${policy.policyId}#${policy.version}`;

function PolicyText({
  policy,
  accepted,
  onChange,
}: {
  policy: PolicyToAccept;
  accepted: boolean;
  onChange: (on: boolean) => void;
}) {
  const headingId = useId();
  const { t } = useI18n();
  // A string inside a message cannot carry `lang`: the title read in the family's language, as it can be given.
  const title = useWritten(policy.title, policy.es?.title).text;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 'bold' }}>
          <Written en={policy.title} es={policy.es?.title} />
        </Typography>
        <Chip size="small" label={t(policy.required ? 'enroll.policies.required' : 'enroll.policies.optional')} />
      </Stack>
      {/* Focusable, so the text scrolls with the keyboard too. */}
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('enroll.policies.textLabel', { title, version: policy.version })}
        sx={{
          whiteSpace: 'pre-wrap',
          maxHeight: 220,
          overflowY: 'auto',
          p: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <Written en={policy.text} es={policy.es?.text} />
      </Box>
      <FormControlLabel
        control={<Checkbox checked={accepted} onChange={(event) => onChange(event.target.checked)} />}
        label={t(policy.required ? 'enroll.policies.accept' : 'enroll.policies.acceptOptional', { title })}
      />
    </Box>
  );
}

export function PoliciesToAccept({
  asked: first,
  child,
  acceptLabel,
  onAccepted,
  onBack,
}: {
  asked: PoliciesAsked;
  child: Student;
  /** The action's words: what accepting goes on to. */
  acceptLabel?: string;
  onAccepted: () => void;
  onBack: () => void;
}) {
  const accept = useChange('acceptPolicies');
  const { t, language } = useI18n();
  const [asked, setAsked] = useState(first);
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string>();
  const missing = asked.policies.filter((policy) => policy.required && !accepted.has(versionKey(policy)));

  const submit = async () => {
    setFailure(undefined);
    try {
      await accept.mutateAsync({
        studentId: asked.studentId,
        semesterId: asked.semesterId,
        accepted: asked.policies
          .filter((policy) => accepted.has(versionKey(policy)))
          .map(({ policyId, version }) => ({ policyId, version })),
      });
      onAccepted();
    } catch (error) {
      const refusal = asApiError(error);
      // A version published while the guardian read: the texts as they are now, to read again.
      const now = policiesAsked(refusal.details);
      if (now) setAsked(now);
      setFailure(refusal.message);
    }
  };

  return (
    <Stack spacing={2}>
      <Alert severity="info">{t('enroll.policies.intro', { name: child.firstName })}</Alert>
      {asked.policies.map((policy) => (
        <PolicyText
          key={versionKey(policy)}
          policy={policy}
          accepted={accepted.has(versionKey(policy))}
          onChange={(on) =>
            setAccepted((keys) => {
              const next = new Set(keys);
              if (on) next.add(versionKey(policy));
              else next.delete(versionKey(policy));
              return next;
            })
          }
        />
      ))}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onBack} disabled={accept.isPending}>
          {t('enroll.policies.back')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={missing.length > 0 || accept.isPending}>
          {accept.isPending
            ? t('enroll.policies.saving')
            : (acceptLabel ?? t('enroll.policies.acceptAndEnroll', { name: child.firstName }))}
        </Button>
      </Stack>
      {missing.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('enroll.policies.missing', {
            titles: missing.map((policy) => writtenIn(language, policy.title, policy.es?.title).text).join(', '),
          })}
        </Typography>
      )}
    </Stack>
  );
}
