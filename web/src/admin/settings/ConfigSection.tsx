// The remote configuration the site reads (footer, sidebar, announcement), edited as a form.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { draftFields } from '../../layout/draftFields';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { detailsConfirmedSince, programmeTimeZone, spanishConfigName, timeZoneOf } from '@contract/configNames';
import { dayOf } from '@contract/moments';
import type { ConfigValues } from '@contract/records';
import { useFunction } from '../../api/queries';
import { useSave } from '../../api/useSave';
import { Section } from '../../layout/Section';
import { LoadFailure } from '../../layout/LoadFailure';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { KNOWN_KEYS, draftOf, draftProblems, valuesOf } from './configValues';

/** The values written as paragraphs rather than on one line. */
const MULTILINE = new Set([
  'announcement',
  'orientation',
  spanishConfigName('announcement'),
  spanishConfigName('orientation'),
]);
/** The values that are a day (YYYY-MM-DD): the browser's date field. */
const DATES = new Set<string>([detailsConfirmedSince.name]);

export function ConfigSection() {
  const config = useFunction('config');
  return (
    <Section title="Site settings">
      {config.isPending && <Waiting />}
      {config.isError && <LoadFailure what="The settings" error={config.error} onRetry={() => void config.refetch()} />}
      {config.isSuccess && <ConfigForm values={config.data.values} timeZone={config.data.timeZone} />}
    </Section>
  );
}

/** `timeZone`: the programme's, as the configuration answered with `values`. */
function ConfigForm({ values, timeZone }: { values: ConfigValues; timeZone: string }) {
  const show = useToast();
  const [saved, setSaved] = useState(values);
  const [savedTimeZone, setSavedTimeZone] = useState(timeZone);
  // With no zone of its own the programme runs on the deploy's, which the answer then names.
  const deployZone = Object.hasOwn(saved, programmeTimeZone.name) ? undefined : savedTimeZone;
  const [draft, setDraft] = useState(() => draftOf(values));
  // The clock the draft sets, whose today the yearly check's day may not pass (a zone emptied is the deploy's,
  // which only the server knows: the present one stands in for it).
  const draftZone = timeZoneOf(valuesOf(draft, saved), savedTimeZone);
  // The server names a value's field "values.contactEmail".
  const { errors, message, saving, save, formRef } = useSave('saveConfig', {
    shows: (field) => field.startsWith('values.') && field.slice(7) in draft,
    names: (field) => {
      const key = field.slice('values.'.length);
      const known = KNOWN_KEYS.find((candidate) => candidate.key === key);
      return { the: known ? `the ${known.label.charAt(0).toLowerCase()}${known.label.slice(1)}` : key };
    },
  });
  const errorOf = (key: string) => errors[`values.${key}`];
  const otherKeys = Object.keys(draft).filter((key) => !KNOWN_KEYS.some((known) => known.key === key));
  const unchanged = JSON.stringify(draft) === JSON.stringify(draftOf(saved));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await save({ values: valuesOf(draft, saved) }, draftProblems(draft, saved, draftZone));
    if (!answer) return;
    setSaved(answer.values);
    setSavedTimeZone(answer.timeZone);
    setDraft(draftOf(answer.values));
    show({
      severity: 'success',
      summary: 'Saved',
      detail: 'The settings are saved. Visitors see them the next time they open the portal.',
    });
  };

  const textField = draftFields<string>(
    (key) => draft[key]!,
    (key, value) => setDraft({ ...draft, [key]: value }),
    errorOf,
  );
  const field = (key: string, label: string, help?: string, { multiline = false, number = false } = {}) =>
    textField(key, label, {
      helperText: help,
      multiline,
      minRows: multiline ? 2 : undefined,
      ...(number && { type: 'number' }),
      // A day to come is refused (see configValues): the picker offers none.
      ...(DATES.has(key) && {
        type: 'date',
        slotProps: {
          inputLabel: { shrink: true },
          htmlInput: { max: dayOf(new Date().toISOString(), draftZone) },
        },
      }),
    });

  return (
    <Stack
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={2}
      aria-label="Site settings"
    >
      {KNOWN_KEYS.map(({ key, label, help, number }) =>
        field(key, label, typeof help === 'string' ? help : help(deployZone), {
          multiline: MULTILINE.has(key),
          number,
        }),
      )}
      {otherKeys.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3">
            Other values
          </Typography>
          {otherKeys.map((key) =>
            field(key, key, { number: 'A number', boolean: 'true or false' }[typeof saved[key] as string]),
          )}
        </>
      )}
      {message && (
        <Alert severity="error" tabIndex={-1} data-save-message>
          {message}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => setDraft(draftOf(saved))} disabled={saving || unchanged}>
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={saving || unchanged}>
          {saving ? 'Saving…' : 'Save settings'}
        </Button>
      </Stack>
    </Stack>
  );
}
