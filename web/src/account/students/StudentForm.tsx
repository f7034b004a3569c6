// Adding or changing a child: every field of the Student record, with messages under the fields.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { draftFields } from '../../layout/draftFields';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { GRADES, gradeLabel } from '@contract/grades';
import { MAX_PICKUP_ADULTS, studentInput, type Student } from '@contract/records';
import { useCatalogueRead } from '../../api/queries';
import { useChange } from '../../api/changes';
import { asApiError } from '../../api/client';
import { useSave } from '../../api/useSave';
import { draftOf, draftProblems, inputOf, isStudentField, studentFieldName, type StudentDraft } from './studentDraft';
import { SaveButtons } from '../../layout/SaveButtons';
import { PersonRows } from './PersonRows';

const MAX_CONTACTS = 5;

export function StudentForm({
  student,
  onSaved,
  onCancel,
  onTyped,
  onConfirmed,
}: {
  student?: Student;
  /** Offers "These details are right" while nothing is changed: the details confirmed as they are. */
  onConfirmed?: (student: Student) => void;
  onSaved: (student: Student) => void;
  onCancel: () => void;
  /** Something was typed: the dialog holding the form asks before Escape throws it away. */
  onTyped?: () => void;
}) {
  const sizes = useCatalogueRead('tshirtSizes');
  const [draft, setDraft] = useState<StudentDraft>(() => draftOf(student));
  const { errors, message, saving, save, recheck, formRef } = useSave('saveStudent', {
    schema: studentInput,
    shows: isStudentField,
    names: studentFieldName,
  });

  const confirm = useChange('confirmStudentDetails');
  const unchanged = JSON.stringify(draft) === JSON.stringify(draftOf(student));

  const change = (next: Partial<StudentDraft>) => {
    onTyped?.();
    const updated = { ...draft, ...next };
    setDraft(updated);
    recheck(inputOf(updated, student?.id), draftProblems(updated));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await save(inputOf(draft, student?.id), draftProblems(draft));
    if (saved) onSaved(saved.student);
  };

  const field = draftFields<keyof StudentDraft & string>(
    (name) => draft[name] as string,
    (name, value) => change({ [name]: value }),
    (name) => errors[name],
  );

  return (
    <Stack
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={2}
      aria-label={student ? `Edit ${student.firstName}` : 'Add a child'}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('firstName', 'First name', { required: true, autoComplete: 'off' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('lastName', 'Last name', { required: true, autoComplete: 'off' })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('birthDate', 'Birth date', {
            required: true,
            type: 'date',
            slotProps: { inputLabel: { shrink: true } },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('grade', 'School grade', {
            select: true,
            children: [
              <MenuItem key="none" value="">
                Not in school yet
              </MenuItem>,
              ...GRADES.map((grade) => (
                <MenuItem key={grade} value={String(grade)}>
                  {gradeLabel(grade)}
                </MenuItem>
              )),
            ],
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('school', 'School')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('tshirtSize', 'T-shirt size', {
            required: true,
            select: true,
            disabled: !sizes.isSuccess,
            children: sizes.isSuccess
              ? sizes.data.sizes.map((size) => (
                  <MenuItem key={size.code} value={size.code}>
                    {size.label}
                  </MenuItem>
                ))
              : [
                  <MenuItem key="loading" value={draft.tshirtSize}>
                    {sizes.isError ? 'Sizes could not be loaded' : 'Loading sizes…'}
                  </MenuItem>,
                ],
          })}
        </Grid>
      </Grid>

      <PersonRows
        field="emergencyContacts"
        title="Emergency contacts"
        rows={draft.emergencyContacts}
        errors={errors}
        onChange={(emergencyContacts) => change({ emergencyContacts })}
        min={1}
        max={MAX_CONTACTS}
        noun="contact"
        relationshipRequired={false}
      />
      <PersonRows
        field="pickupAdults"
        title="Pick-up adults"
        help="The adults who may collect your child after class. The instructor checks the name."
        rows={draft.pickupAdults}
        errors={errors}
        onChange={(pickupAdults) => change({ pickupAdults })}
        min={0}
        max={MAX_PICKUP_ADULTS}
        noun="pick-up adult"
        relationshipRequired
      />

      <Typography variant="subtitle1" component="h3">
        Health
      </Typography>
      {field('allergies', 'Allergies', { multiline: true, minRows: 1 })}
      {field('medications', 'Medications', { multiline: true, minRows: 1 })}
      {field('medicalNotes', 'Other medical notes', { multiline: true, minRows: 2 })}
      <FormControlLabel
        control={
          <Checkbox checked={draft.photoConsent} onChange={(event) => change({ photoConsent: event.target.checked })} />
        }
        label="Photos of my child may be used in the programme's newsletter"
      />

      {message && (
        <Alert severity="error" tabIndex={-1} data-save-message>
          {message}
        </Alert>
      )}
      {confirm.isError && <Alert severity="error">{asApiError(confirm.error).message}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        {student && onConfirmed && unchanged && (
          <Button
            variant="outlined"
            disabled={saving || confirm.isPending}
            onClick={() =>
              void confirm.mutateAsync({ id: student.id }).then(
                (answer) => onConfirmed(answer.student),
                () => undefined,
              )
            }
          >
            {confirm.isPending ? 'Saving…' : 'These details are right'}
          </Button>
        )}
        <SaveButtons saveLabel={student ? 'Save changes' : 'Add child'} saving={saving} onCancel={onCancel} />
      </Stack>
    </Stack>
  );
}
