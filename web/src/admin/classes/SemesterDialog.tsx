// Creating or changing a semester: its dates, whether it is the current one, its registration window, and
// what a seat freed in a full class does (enrolls the first child waiting, or is offered to the family).
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { DEFAULT_OFFER_HOURS, semesterInput, type Semester } from '@contract/records';
import { useSave, type FieldName } from '../../api/useSave';
import { useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { SaveDialog } from '../SaveDialog';
import { isoMoment, localInput, momentFieldHelp } from './dateTimes';

interface SemesterDraft {
  name: string;
  startDate: string;
  endDate: string;
  current: boolean;
  registrationOpens: string;
  registrationCloses: string;
  changesClose: string;
  waitlistMode: 'automatic' | 'offers';
  offerHours: string;
}

const FIELDS = [
  'name',
  'startDate',
  'endDate',
  'current',
  'registrationOpens',
  'registrationCloses',
  'changesClose',
  'waitlistMode',
  'offerHours',
];

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
  changesClose: { the: 'the deadline for families’ changes' },
  offerHours: { the: 'the hours a family has to accept' },
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
  // The programme's zone when the dialog opened: the fields were filled on its clock, so they are read back on it.
  const [timeZone] = useState(useProgrammeTimeZone());
  const [initial] = useState<SemesterDraft>(() => ({
    name: semester?.name ?? '',
    startDate: semester?.startDate ?? '',
    endDate: semester?.endDate ?? '',
    current: semester?.current ?? false,
    registrationOpens: localInput(semester?.registrationOpens, timeZone),
    registrationCloses: localInput(semester?.registrationCloses, timeZone),
    changesClose: localInput(semester?.changesClose, timeZone),
    waitlistMode: semester?.waitlistMode ?? 'automatic',
    offerHours: String(semester?.offerHours ?? DEFAULT_OFFER_HOURS),
  }));
  const [draft, setDraft] = useState(initial);
  const { errors, message, saving, save, formRef } = useSave('saveSemester', {
    schema: semesterInput,
    shows: (field) => FIELDS.includes(field),
    names: (field) => NAMES[field],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const opens = isoMoment(draft.registrationOpens, timeZone);
    const closes = isoMoment(draft.registrationCloses, timeZone);
    const changesClose = isoMoment(draft.changesClose, timeZone);
    const saved = await save({
      ...(semester && { id: semester.id }),
      name: draft.name,
      startDate: draft.startDate,
      endDate: draft.endDate,
      current: draft.current,
      ...(opens && { registrationOpens: opens }),
      ...(closes && { registrationCloses: closes }),
      ...(changesClose && { changesClose }),
      waitlistMode: draft.waitlistMode,
      ...(draft.waitlistMode === 'offers' && { offerHours: Number(draft.offerHours) }),
    });
    if (saved) onSaved(saved.semester);
  };

  const field = (
    name: Exclude<keyof SemesterDraft, 'current' | 'waitlistMode'>,
    label: string,
    type = 'text',
    helperText?: string,
  ) => (
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
          {field('registrationOpens', 'Registration opens', 'datetime-local', momentFieldHelp(timeZone))}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field(
            'registrationCloses',
            'Registration closes',
            'datetime-local',
            momentFieldHelp(timeZone, 'Families can enroll until then.'),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field(
            'changesClose',
            'Families may move or drop seats until',
            'datetime-local',
            momentFieldHelp(
              timeZone,
              'Until then a family moves its child to another class with a seat, or drops a seat, itself; after it, only the office. Empty: no deadline.',
            ),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label="When a seat opens in a full class"
            value={draft.waitlistMode}
            onChange={(event) =>
              setDraft({ ...draft, waitlistMode: event.target.value as SemesterDraft['waitlistMode'] })
            }
            helperText={
              draft.waitlistMode === 'offers'
                ? 'The first family waiting is e-mailed and has the seat to itself until it accepts or the time is up.'
                : 'The first child waiting is enrolled at once, and the family is e-mailed.'
            }
            fullWidth
          >
            <MenuItem value="automatic">Enroll the first child waiting</MenuItem>
            <MenuItem value="offers">Offer it to the first family waiting</MenuItem>
          </TextField>
        </Grid>
        {draft.waitlistMode === 'offers' && (
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('offerHours', 'Hours to accept', 'number', 'Then the seat goes to the next family (1 to 336).')}
          </Grid>
        )}
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
