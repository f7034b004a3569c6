// Which class the calendar shows: all, or one, found by typing its name; grouped by semester, newest first.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { Loadable } from '../api/useFunction';
import type { CalendarClass } from './useCalendarClasses';

interface Props {
  classes: Loadable<CalendarClass[]> & { reload: () => void };
  chosen: CalendarClass | undefined;
  onChange: (classId: string | undefined) => void;
}

export function ClassFilter({ classes, chosen, onChange }: Props) {
  if (classes.state === 'error')
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={classes.reload}>
            Retry
          </Button>
        }
      >
        The list of classes to filter by could not be loaded: {classes.error.message}
      </Alert>
    );
  return (
    <Autocomplete
      options={classes.state === 'loaded' ? classes.data : []}
      loading={classes.state === 'loading'}
      value={chosen ?? null}
      onChange={(_event, option) => onChange(option?.found.id)}
      groupBy={(option) => option.semesterName}
      getOptionLabel={(option) => option.found.name}
      getOptionKey={(option) => option.found.id}
      isOptionEqualToValue={(option, value) => option.found.id === value.found.id}
      renderInput={(params) => <TextField {...params} label="Class" placeholder="All classes" />}
      sx={{ maxWidth: 420 }}
    />
  );
}
