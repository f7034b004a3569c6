// Publishing a new policy, or a new version of one: its title, its text, whether families must accept it,
// and the semester it applies to. A published version is never changed, so publishing asks first.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { policyInput, type PolicyInput, type PolicySummary, type PolicyVersion } from '@contract/records';
import { useFunction } from '../../api/queries';
import { schemaProblems, useSave, type FieldName } from '../../api/useSave';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { SaveDialog } from '../SaveDialog';
import { inSpanish, spanishInput, SPANISH_HINT } from '../spanish';

const FIELDS = ['title', 'text', 'es.title', 'es.text', 'required', 'semesterId'];
const NAMES: Record<string, FieldName> = {
  title: { the: "the policy's title" },
  text: { the: "the policy's text" },
  'es.title': { the: "the policy's title in Spanish" },
  'es.text': { the: "the policy's text in Spanish" },
};
/** The select's value for "every semester". */
const EVERY = '';

export function PolicyDialog({
  policy,
  onPublished,
  onClose,
}: {
  policy?: PolicySummary;
  onPublished: (version: PolicyVersion) => void;
  onClose: () => void;
}) {
  const semesters = useFunction('semesters');
  const [initial] = useState(() => ({
    title: policy?.current.title ?? '',
    text: policy?.current.text ?? '',
    esTitle: policy?.current.es?.title ?? '',
    esText: policy?.current.es?.text ?? '',
    required: policy?.current.required ?? true,
    semesterId: policy?.current.semesterId ?? EVERY,
  }));
  const [draft, setDraft] = useState(initial);
  const [confirming, setConfirming] = useState<PolicyInput>();
  const { errors, message, saving, save, formRef } = useSave('savePolicy', {
    schema: policyInput,
    shows: (field) => FIELDS.includes(field),
    names: (field) => NAMES[field],
  });
  const nextVersion = (policy?.current.version ?? 0) + 1;

  const payload = (): PolicyInput => ({
    ...(policy && { id: policy.id, basedOnVersion: policy.current.version }),
    title: draft.title,
    text: draft.text,
    ...spanishInput({ title: draft.esTitle, text: draft.esText }),
    required: draft.required,
    ...(draft.semesterId !== EVERY && { semesterId: draft.semesterId }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = payload();
    // Problems show under their fields (no call is made); a clean form asks before publishing.
    if (Object.keys(schemaProblems(policyInput, input)).length > 0) await save(input);
    else setConfirming(input);
  };

  const publish = async () => {
    if (!confirming) return;
    const saved = await save(confirming);
    if (saved) onPublished(saved.version);
  };

  return (
    <>
      <SaveDialog
        title={policy ? `New version of ${policy.current.title}` : 'New policy'}
        saveLabel={`Publish version ${nextVersion}`}
        saving={saving}
        message={message}
        onSubmit={(event) => void submit(event)}
        onClose={onClose}
        dirty={JSON.stringify(draft) !== JSON.stringify(initial)}
        formRef={formRef}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          {policy && (
            <Typography variant="body2" color="text.secondary">
              Version {policy.current.version} stays as it was published, with the acceptances it has. Families are
              asked to accept version {nextVersion} when they next enroll a child.
            </Typography>
          )}
          <TextField
            label="Title"
            value={draft.title}
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
            error={!!errors.title}
            helperText={errors.title ?? 'As families see it, e.g. "Liability waiver"'}
            required
            fullWidth
          />
          <TextField
            label="Text"
            value={draft.text}
            onChange={(event) => setDraft({ ...draft, text: event.target.value })}
            error={!!errors.text}
            helperText={errors.text ?? 'The whole text families read and accept; line breaks are kept.'}
            required
            fullWidth
            multiline
            minRows={6}
            maxRows={16}
          />
          <TextField
            label={inSpanish('Title')}
            value={draft.esTitle}
            onChange={(event) => setDraft({ ...draft, esTitle: event.target.value })}
            error={!!errors['es.title']}
            helperText={errors['es.title'] ?? SPANISH_HINT}
            fullWidth
          />
          <TextField
            label={inSpanish('Text')}
            value={draft.esText}
            onChange={(event) => setDraft({ ...draft, esText: event.target.value })}
            error={!!errors['es.text']}
            helperText={errors['es.text'] ?? `${SPANISH_HINT} Line breaks are kept.`}
            fullWidth
            multiline
            minRows={4}
            maxRows={16}
          />
          <TextField
            select
            label="Applies to"
            value={draft.semesterId}
            onChange={(event) => setDraft({ ...draft, semesterId: event.target.value })}
            error={!!errors.semesterId}
            helperText={errors.semesterId}
            fullWidth
          >
            <MenuItem value={EVERY}>Every semester</MenuItem>
            {(semesters.data?.semesters ?? []).map((semester) => (
              <MenuItem key={semester.id} value={semester.id}>
                {semester.name} only
              </MenuItem>
            ))}
          </TextField>
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.required}
                  onChange={(event) => setDraft({ ...draft, required: event.target.checked })}
                />
              }
              label="Required before enrolling"
            />
            <FormHelperText>
              A required policy must be accepted before a child is enrolled; an optional one (photo consent, say) is
              offered beside it and may be left unaccepted.
            </FormHelperText>
          </div>
        </Stack>
      </SaveDialog>
      {confirming && (
        <ConfirmDialog
          title={`Publish version ${nextVersion} of ${confirming.title}?`}
          confirmLabel={`Publish version ${nextVersion}`}
          keepLabel="Not yet"
          busyLabel="Publishing…"
          action={publish}
          onClose={() => setConfirming(undefined)}
        >
          <Typography>
            {confirming.required
              ? 'From now on, a family enrolling a child must accept this version first'
              : 'From now on, families enrolling a child are offered this version'}
            {policy ? ', even if they accepted an earlier one' : ''}. Children already enrolled stay enrolled. A
            published version cannot be changed: a correction is another version.
          </Typography>
        </ConfirmDialog>
      )}
    </>
  );
}
