// Creating or changing a semester: its dates, whether it is the current one, and its registration window.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { semesterInput, type Semester } from '../../../../lambdas/records';
import { useSave, type FieldName } from '../../api/useSave';
import { SaveDialog } from '../SaveDialog';
import { TIME_ZONE, isoMoment, localInput } from './dateTimes';

interface SemesterDraft {
  name: string;
  startDate: string;
  endDate: string;
  current: boolean;
  registrationOpens: string;
  registrationCloses: string;
}

const FIELDS = ['name', 'startDate', 'endDate', 'current', 'registrationOpens', 'registrationCloses'];

const DATE_WORDS = {
  'must be a date written YYYY-MM-DD': 'Enter the whole date',
  'is not a real date': 'Enter a real date',
};
const NAMES: Record<string, FieldName> = {
  name: { the: "the semester's name" },
  startDate: { the: 'the first day', says: DATE_WORDS },
  endDate: { the: 'the last day', says: DATE_WORDS },
  registrationOpens: { the: 'the moment registration opens' },
  registrationCloses: { the: 'the moment registration closes' },
};

export function SemesterDialog({
  semester,
  onSaved,
  onClose,
}: {
  semester?: Semester;
  onSaved: (semester: Semester) => void;
  onClose: () => void;
}) {
  const [initial] = useState<SemesterDraft>(() => ({
    name: semester?.name ?? '',
    startDate: semester?.startDate ?? '',
    endDate: semester?.endDate ?? '',
    current: semester?.current ?? false,
    registrationOpens: localInput(semester?.registrationOpens),
    registrationCloses: localInput(semester?.registrationCloses),
  }));
  const [draft, setDraft] = useState(initial);
  const { errors, message, saving, save, formRef } = useSave('saveSemester', {
    schema: semesterInput,
    shows: (field) => FIELDS.includes(field),
    names: (field) => NAMES[field],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const opens = isoMoment(draft.registrationOpens);
    const closes = isoMoment(draft.registrationCloses);
    const saved = await save({
      ...(semester && { id: semester.id }),
      name: draft.name,
      startDate: draft.startDate,
      endDate: draft.endDate,
      current: draft.current,
      ...(opens && { registrationOpens: opens }),
      ...(closes && { registrationCloses: closes }),
    });
    if (saved) onSaved(saved.semester);
  };

  const field = (name: Exclude<keyof SemesterDraft, 'current'>, label: string, type = 'text', helperText?: string) => (
    <TextField
      label={label}
      type={type}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      error={!!errors[name]}
      helperText={errors[name] ?? helperText}
      fullWidth
      required={type !== 'datetime-local'}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <SaveDialog
      title={semester ? `Edit ${semester.name}` : 'New semester'}
      saveLabel={semester ? 'Save semester' : 'Create semester'}
      saving={saving}
      message={message}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      dirty={JSON.stringify(draft) !== JSON.stringify(initial)}
      formRef={formRef}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>{field('name', 'Name')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('startDate', 'First day', 'date')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('endDate', 'Last day', 'date')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('registrationOpens', 'Registration opens', 'datetime-local', `Your time (${TIME_ZONE})`)}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('registrationCloses', 'Registration closes', 'datetime-local', 'Families can enroll until then')}
        </Grid>
        <Grid size={12}>
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.current}
                onChange={(event) => setDraft({ ...draft, current: event.target.checked })}
              />
            }
            label="Current semester"
          />
          <FormHelperText>
            The current semester is the one families and the dashboard see first; making this one current makes the
            others not current. Without a registration window, registration is open while the semester is current.
          </FormHelperText>
        </Grid>
      </Grid>
    </SaveDialog>
  );
}
