// Creating or changing a semester: its dates, whether it is the current one, and its registration window.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { Semester } from '../../../../lambdas/records';
import { useChange } from '../../api/changes';
import { SaveDialog } from '../SaveDialog';
import { useSave, type FieldErrors } from '../useSave';
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

function check(draft: SemesterDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.name.trim()) errors.name = 'is required';
  if (!draft.startDate) errors.startDate = 'is required';
  if (!draft.endDate) errors.endDate = 'is required';
  else if (draft.startDate && draft.endDate < draft.startDate) errors.endDate = 'must not be before the start date';
  const opens = isoMoment(draft.registrationOpens);
  const closes = isoMoment(draft.registrationCloses);
  if (opens && closes && Date.parse(closes) <= Date.parse(opens))
    errors.registrationCloses = 'must be after registration opens';
  return errors;
}

export function SemesterDialog({
  semester,
  onSaved,
  onClose,
}: {
  semester?: Semester;
  onSaved: (semester: Semester) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<SemesterDraft>({
    name: semester?.name ?? '',
    startDate: semester?.startDate ?? '',
    endDate: semester?.endDate ?? '',
    current: semester?.current ?? false,
    registrationOpens: localInput(semester?.registrationOpens),
    registrationCloses: localInput(semester?.registrationCloses),
  });
  const { errors, message, saving, save } = useSave((field) => FIELDS.includes(field));
  const saveSemester = useChange('saveSemester');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(check(draft), async () => {
      const opens = isoMoment(draft.registrationOpens);
      const closes = isoMoment(draft.registrationCloses);
      const { semester: saved } = await saveSemester.mutateAsync({
        ...(semester && { id: semester.id }),
        name: draft.name,
        startDate: draft.startDate,
        endDate: draft.endDate,
        current: draft.current,
        ...(opens && { registrationOpens: opens }),
        ...(closes && { registrationCloses: closes }),
      });
      onSaved(saved);
    });
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
      onSubmit={submit}
      onClose={onClose}
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
