// Which class the calendar shows: all, or one, found by typing its name; grouped by semester, newest first.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Loadable } from '../api/useFunction';
import { LoadFailure } from '../layout/LoadFailure';
import type { CalendarClass } from './useCalendarClasses';

interface Props {
  classes: Loadable<CalendarClass[]> & { reload: () => void };
  chosen: CalendarClass | undefined;
  onChange: (classId: string | undefined) => void;
}

export function ClassFilter({ classes, chosen, onChange }: Props) {
  if (classes.state === 'error')
    return (
      <LoadFailure
        what="The list of classes to filter by"
        error={classes.error}
        onRetry={classes.reload}
        severity="warning"
      />
    );
  return (
    <Autocomplete
      options={classes.state === 'loaded' ? classes.data : []}
      loading={classes.state === 'loading'}
      value={chosen ?? null}
      onChange={(_event, option) => onChange(option?.cls.id)}
      groupBy={(option) => option.semesterName}
      getOptionLabel={(option) => option.cls.name}
      getOptionKey={(option) => option.cls.id}
      isOptionEqualToValue={(option, value) => option.cls.id === value.cls.id}
      renderInput={(params) => <TextField {...params} label="Class" placeholder="All classes" />}
      sx={{ maxWidth: 420 }}
    />
  );
}
