import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Class } from '@contract/records';
import { STATUS_CHOICES, type EnrollmentFilters, type StatusChoice } from './enrollmentFilters';

/** Narrowing a semester's enrollments by class, status and the student's name. */
export function EnrollmentFilterBar({
  filters,
  classes,
  onChange,
}: {
  filters: EnrollmentFilters;
  classes: Class[] | undefined;
  onChange: (filters: EnrollmentFilters) => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
      <TextField
        select
        size="small"
        label="Class"
        value={classes?.some((cls) => cls.id === filters.classId) ? filters.classId : ''}
        onChange={(event) => onChange({ ...filters, classId: event.target.value || undefined })}
        disabled={!classes}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">All classes</MenuItem>
        {classes?.map((cls) => (
          <MenuItem key={cls.id} value={cls.id}>
            {cls.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Status"
        value={filters.status}
        onChange={(event) => onChange({ ...filters, status: event.target.value as StatusChoice })}
        sx={{ minWidth: 200 }}
      >
        {STATUS_CHOICES.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="search"
        label="Student name"
        value={filters.student}
        onChange={(event) => onChange({ ...filters, student: event.target.value })}
        sx={{ minWidth: 200 }}
      />
    </Stack>
  );
}
