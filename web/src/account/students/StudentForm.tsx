// Adding or changing a child: every field of the Student record, with messages under the fields.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { GRADES, gradeLabel } from '../../../../lambdas/grades';
import { studentInput, type Student } from '../../../../lambdas/records';
import { useCatalogueRead } from '../../api/queries';
import { useSave } from '../../api/useSave';
import {
  draftOf,
  draftProblems,
  emptyContact,
  inputOf,
  isStudentField,
  studentFieldName,
  type StudentDraft,
} from './studentDraft';
import { SaveButtons } from '../../layout/SaveButtons';

const MAX_CONTACTS = 5;

export function StudentForm({
  student,
  onSaved,
  onCancel,
  onTyped,
}: {
  student?: Student;
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

  const change = (next: Partial<StudentDraft>) => {
    onTyped?.();
    const updated = { ...draft, ...next };
    setDraft(updated);
    recheck(inputOf(updated, student?.id), draftProblems(updated));
  };
  const changeContact = (index: number, next: Partial<StudentDraft['emergencyContacts'][number]>) =>
    change({
      emergencyContacts: draft.emergencyContacts.map((contact, i) => (i === index ? { ...contact, ...next } : contact)),
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await save(inputOf(draft, student?.id), draftProblems(draft));
    if (saved) onSaved(saved.student);
  };

  const field = (name: keyof StudentDraft & string, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={draft[name] as string}
      onChange={(event) => change({ [name]: event.target.value })}
      error={!!errors[name]}
      helperText={errors[name]}
      fullWidth
      {...props}
    />
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

      <Typography variant="subtitle1" component="h3">
        Emergency contacts
      </Typography>
      {errors.emergencyContacts && (
        <Typography color="error" variant="body2">
          {errors.emergencyContacts}
        </Typography>
      )}
      {draft.emergencyContacts.map((contact, index) => (
        <Grid container spacing={1} key={index} sx={{ alignItems: 'flex-start' }}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              label="Contact name"
              value={contact.name}
              onChange={(event) => changeContact(index, { name: event.target.value })}
              error={!!errors[`emergencyContacts[${index}].name`]}
              helperText={errors[`emergencyContacts[${index}].name`]}
              fullWidth
              required
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              label="Contact phone"
              type="tel"
              value={contact.phone}
              onChange={(event) => changeContact(index, { phone: event.target.value })}
              error={!!errors[`emergencyContacts[${index}].phone`]}
              helperText={errors[`emergencyContacts[${index}].phone`]}
              fullWidth
              required
            />
          </Grid>
          <Grid size={{ xs: 10, sm: 3 }}>
            <TextField
              label="Relationship"
              value={contact.relationship}
              onChange={(event) => changeContact(index, { relationship: event.target.value })}
              error={!!errors[`emergencyContacts[${index}].relationship`]}
              helperText={errors[`emergencyContacts[${index}].relationship`]}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 2, sm: 1 }} sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
            <IconButton
              aria-label={`Remove contact ${index + 1}`}
              disabled={draft.emergencyContacts.length === 1}
              onClick={() => change({ emergencyContacts: draft.emergencyContacts.filter((_, i) => i !== index) })}
            >
              <DeleteIcon />
            </IconButton>
          </Grid>
        </Grid>
      ))}
      {draft.emergencyContacts.length < MAX_CONTACTS && (
        <Button
          startIcon={<AddIcon />}
          onClick={() => change({ emergencyContacts: [...draft.emergencyContacts, { ...emptyContact }] })}
          sx={{ alignSelf: 'flex-start' }}
        >
          Add a contact
        </Button>
      )}

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
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <SaveButtons saveLabel={student ? 'Save changes' : 'Add child'} saving={saving} onCancel={onCancel} />
      </Stack>
    </Stack>
  );
}
