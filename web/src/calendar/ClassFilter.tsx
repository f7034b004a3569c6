// Which class the calendar shows: all, or one, found by typing its name; grouped by semester, newest first.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useI18n } from '../i18n/calendar';
import { LoadFailure } from '../layout/LoadFailure';
import type { CalendarClass, CalendarClasses } from './useCalendarClasses';

interface Props {
  classes: CalendarClasses;
  chosen: CalendarClass | undefined;
  onChange: (classId: string | undefined) => void;
}

export function ClassFilter({ classes, chosen, onChange }: Props) {
  const { t } = useI18n();
  if (classes.error)
    return (
      <LoadFailure
        what={t('calendar.filter.failure')}
        error={classes.error}
        onRetry={classes.retry}
        severity="warning"
      />
    );
  return (
    <Autocomplete
      options={classes.classes ?? []}
      loading={!classes.classes}
      value={chosen ?? null}
      onChange={(_event, option) => onChange(option?.cls.id)}
      groupBy={(option) => option.semesterName}
      getOptionLabel={(option) => option.cls.name}
      getOptionKey={(option) => option.cls.id}
      isOptionEqualToValue={(option, value) => option.cls.id === value.cls.id}
      renderInput={(params) => (
        <TextField {...params} label={t('calendar.filter.label')} placeholder={t('calendar.filter.all')} />
      )}
      noOptionsText={t('calendar.filter.noOptions')}
      loadingText={t('calendar.filter.loading')}
      openText={t('calendar.filter.open')}
      closeText={t('calendar.filter.close')}
      clearText={t('calendar.filter.clear')}
      sx={{ maxWidth: 420 }}
    />
  );
}
