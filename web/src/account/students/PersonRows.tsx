// The people listed on a child, a row each (name, phone, relationship) with Remove, and an Add button:
// the emergency contacts and the adults allowed to collect the child.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from '../../api/useSave';
import { useI18n } from '../../i18n/account';
import { emptyContact, type ContactDraft } from './studentDraft';

export function PersonRows({
  field,
  title,
  help,
  rows,
  errors,
  onChange,
  min,
  max,
  relationshipRequired,
}: {
  /** The record's field, as the server names it in its messages; the labels and buttons say what it lists. */
  field: 'emergencyContacts' | 'pickupAdults';
  title: string;
  help?: string;
  rows: ContactDraft[];
  errors: FieldErrors;
  onChange: (rows: ContactDraft[]) => void;
  min: number;
  max: number;
  relationshipRequired: boolean;
}) {
  const { t } = useI18n();
  const change = (index: number, next: Partial<ContactDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...next } : row)));
  const input = (index: number, name: keyof ContactDraft, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={rows[index]![name]}
      onChange={(event) => change(index, { [name]: event.target.value })}
      error={!!errors[`${field}[${index}].${name}`]}
      helperText={errors[`${field}[${index}].${name}`]}
      fullWidth
      {...props}
    />
  );
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      )}
      {errors[field] && (
        <Typography color="error" variant="body2">
          {errors[field]}
        </Typography>
      )}
      {rows.map((_, index) => (
        <Grid container spacing={1} key={index} sx={{ alignItems: 'flex-start' }}>
          <Grid size={{ xs: 12, sm: 4 }}>
            {input(index, 'name', t('account.person.name', { list: field }), { required: true })}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {input(index, 'phone', t('account.person.phone', { list: field }), { required: true, type: 'tel' })}
          </Grid>
          <Grid size={{ xs: 10, sm: 3 }}>
            {input(index, 'relationship', t('account.person.relationship'), { required: relationshipRequired })}
          </Grid>
          <Grid size={{ xs: 2, sm: 1 }} sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
            <IconButton
              aria-label={t('account.person.remove', { list: field, number: index + 1 })}
              disabled={rows.length <= min}
              onClick={() => onChange(rows.filter((__, i) => i !== index))}
            >
              <DeleteIcon />
            </IconButton>
          </Grid>
        </Grid>
      ))}
      {rows.length < max && (
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange([...rows, { ...emptyContact }])}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('account.person.add', { list: field })}
        </Button>
      )}
    </>
  );
}
