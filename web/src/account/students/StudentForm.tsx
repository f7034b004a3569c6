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
import { GRADES } from '@contract/grades';
import { MAX_PICKUP_ADULTS, studentInput, type Student } from '@contract/records';
import { useCatalogueRead } from '../../api/queries';
import { useChange } from '../../api/changes';
import { asApiError } from '../../api/client';
import { useSave } from '../../api/useSave';
import { useI18n } from '../../i18n/account';
import { gradeText } from '../../layout/schedule';
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
  const { t } = useI18n();
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
      aria-label={student ? t('account.students.editName', { name: student.firstName }) : t('account.students.add')}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('firstName', t('account.student.firstName'), { required: true, autoComplete: 'off' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('lastName', t('account.student.lastName'), { required: true, autoComplete: 'off' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('birthDate', t('account.student.birthDate'), {
            required: true,
            type: 'date',
            slotProps: { inputLabel: { shrink: true } },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('grade', t('account.student.grade'), {
            select: true,
            children: [
              <MenuItem key="none" value="">
                {t('account.student.notInSchool')}
              </MenuItem>,
              ...GRADES.map((grade) => (
                <MenuItem key={grade} value={String(grade)}>
                  {gradeText(grade)}
                </MenuItem>
              )),
            ],
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('school', t('account.student.school'))}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('tshirtSize', t('account.student.tshirtSize'), {
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
                    {sizes.isError ? t('account.student.sizesFailed') : t('account.student.sizesLoading')}
                  </MenuItem>,
                ],
          })}
        </Grid>
      </Grid>

      <PersonRows
        field="emergencyContacts"
        title={t('account.student.emergencyContacts')}
        rows={draft.emergencyContacts}
        errors={errors}
        onChange={(emergencyContacts) => change({ emergencyContacts })}
        min={1}
        max={MAX_CONTACTS}
        relationshipRequired={false}
      />
      <PersonRows
        field="pickupAdults"
        title={t('account.student.pickupAdults')}
        help={t('account.student.pickupHelp')}
        rows={draft.pickupAdults}
        errors={errors}
        onChange={(pickupAdults) => change({ pickupAdults })}
        min={0}
        max={MAX_PICKUP_ADULTS}
        relationshipRequired
      />

      <Typography variant="subtitle1" component="h3">
        {t('account.student.health')}
      </Typography>
      {field('allergies', t('account.student.allergies'), { multiline: true, minRows: 1 })}
      {field('medications', t('account.student.medications'), { multiline: true, minRows: 1 })}
      {field('medicalNotes', t('account.student.medicalNotes'), { multiline: true, minRows: 2 })}
      <FormControlLabel
        control={
          <Checkbox checked={draft.photoConsent} onChange={(event) => change({ photoConsent: event.target.checked })} />
        }
        label={t('account.student.photoConsent')}
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
            {confirm.isPending ? t('account.student.saving') : t('account.student.detailsRight')}
          </Button>
        )}
        <SaveButtons
          saveLabel={student ? t('account.student.saveChanges') : t('account.student.addChild')}
          saving={saving}
          onCancel={onCancel}
        />
      </Stack>
    </Stack>
  );
}
