// Every field of a class: what families read, the meetings, the seats, the grade limits and the status.
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { draftFields } from '../../layout/draftFields';
import { useId, useState, type FormEvent } from 'react';
import { GRADES, gradeLabel } from '@contract/grades';
import { classInput, type Class, type ClassStatus, type Semester } from '@contract/records';
import { useSave } from '../../api/useSave';
import {
  classErrorKey,
  classFieldName,
  draftOf,
  draftProblems,
  inputOf,
  isClassField,
  type ClassDraft,
} from './classDraft';
import { MeetingsEditor } from './MeetingsEditor';
import { mergeMeetings } from './weeklyMeetings';
import { SaveButtons } from '../../layout/SaveButtons';
import { inSpanish, SPANISH_HINT } from '../spanish';

type TextFieldName = Exclude<keyof ClassDraft, 'status' | 'meetings'>;

// "No limit" shows as a choice, not as an empty field.
const gradeSelect = {
  select: true,
  slotProps: { inputLabel: { shrink: true }, select: { displayEmpty: true } },
  children: [
    <MenuItem key="none" value="">
      No limit
    </MenuItem>,
    ...GRADES.map((grade) => (
      <MenuItem key={grade} value={String(grade)}>
        {gradeLabel(grade)}
      </MenuItem>
    )),
  ],
};

export function ClassForm({
  semester,
  cls,
  onSaved,
  onCancel,
}: {
  semester: Semester;
  cls?: Class;
  onSaved: (saved: Class) => void;
  onCancel: () => void;
}) {
  const statusId = useId();
  const [draft, setDraft] = useState<ClassDraft>(() => draftOf(cls));
  const { errors, message, saving, save, formRef } = useSave('saveClass', {
    schema: classInput,
    shows: isClassField,
    names: classFieldName,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // In date order, so "meetings[2].end" names the row the administrator sees third.
    const sorted = { ...draft, meetings: mergeMeetings(draft.meetings) };
    setDraft(sorted);
    const saved = await save(inputOf(sorted, semester.id, cls?.id), draftProblems(sorted));
    if (saved) onSaved(saved.class);
  };

  const field = draftFields<TextFieldName>(
    (name) => draft[name],
    (name, value) => setDraft({ ...draft, [name]: value }),
    (name) => errors[classErrorKey(name)],
  );

  return (
    <Stack
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={3}
      aria-label={cls ? `Edit ${cls.name}` : 'New class'}
    >
      <Grid container spacing={2}>
        <Grid size={12}>{field('name', 'Name', { required: true })}</Grid>
        <Grid size={12}>{field('description', 'Description', { multiline: true, minRows: 3 })}</Grid>
        <Grid size={12}>
          {field('esDescription', inSpanish('Description'), {
            multiline: true,
            minRows: 3,
            helperText: SPANISH_HINT,
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('location', 'Location')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('instructor', 'Instructor')}</Grid>
        <Grid size={12}>
          {field('whatToBring', 'What to bring', {
            multiline: true,
            minRows: 2,
            helperText: 'Sent in the enrollment confirmation e-mail.',
          })}
        </Grid>
        <Grid size={12}>
          {field('esWhatToBring', inSpanish('What to bring'), {
            multiline: true,
            minRows: 2,
            helperText: SPANISH_HINT,
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {field('capacity', 'Capacity', {
            required: true,
            type: 'number',
            slotProps: { htmlInput: { min: 0 } },
            helperText: cls
              ? `${cls.enrolled} enrolled, ${cls.waitlisted} waiting. More seats move the waitlist up.`
              : 'Seats; when they are taken, families join the waitlist.',
          })}
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>{field('minGrade', 'Lowest grade', gradeSelect)}</Grid>
        <Grid size={{ xs: 6, sm: 4 }}>{field('maxGrade', 'Highest grade', gradeSelect)}</Grid>
        <Grid size={12}>
          <FormLabel id={statusId}>Status</FormLabel>
          <RadioGroup
            row
            aria-labelledby={statusId}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value as ClassStatus })}
          >
            <FormControlLabel value="open" control={<Radio />} label="Open" />
            <FormControlLabel value="closed" control={<Radio />} label="Closed" />
          </RadioGroup>
          <FormHelperText error={!!errors.status}>
            {errors.status ?? 'A closed class takes no new enrollments; its roster and waitlist stay.'}
          </FormHelperText>
        </Grid>
      </Grid>
      <MeetingsEditor
        meetings={draft.meetings}
        errors={errors}
        firstDay={semester.startDate}
        onChange={(meetings) => setDraft({ ...draft, meetings })}
      />
      {message && (
        <Alert severity="error" tabIndex={-1} data-save-message>
          {message}
        </Alert>
      )}
      {Object.keys(errors).length > 0 && !message && (
        <Alert severity="error">Some fields need a change: see the messages under them.</Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <SaveButtons saveLabel={cls ? 'Save class' : 'Create class'} saving={saving} onCancel={onCancel} />
      </Stack>
    </Stack>
  );
}
