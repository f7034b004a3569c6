import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { GRADES, gradeName } from '../../../lambdas/grades';
import { WEEKDAYS } from './schedule';

export interface Filters {
  /** Days of the week (0 = Sunday); empty means any day. */
  days: number[];
  grade?: number;
}

/** Narrowing the list by the days a family is free and a child's grade. */
export function ClassFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <ToggleButtonGroup size="small" value={filters.days} onChange={(_event, days: number[]) => onChange({ ...filters, days })} aria-label="Days of the week" sx={{ flexWrap: 'wrap' }}>
        {WEEKDAYS.map((day, index) => (
          <ToggleButton key={day} value={index} aria-label={day}>
            {day.slice(0, 3)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormControl size="small" sx={{ minWidth: 160 }}>
        <InputLabel id="grade-filter-label">Grade</InputLabel>
        <Select
          labelId="grade-filter-label"
          label="Grade"
          value={filters.grade === undefined ? '' : String(filters.grade)}
          onChange={(event) => onChange({ ...filters, grade: event.target.value === '' ? undefined : Number(event.target.value) })}
        >
          <MenuItem value="">Any grade</MenuItem>
          {GRADES.map((grade) => (
            <MenuItem key={grade} value={String(grade)}>
              {grade <= 0 ? gradeName(grade) : `Grade ${grade}`}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  );
}
