// The semester an administration screen shows: the current one unless the administrator picks another.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import type { Semester } from '@contract/records';
import { useFunction } from '../api/queries';

export function SemesterPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (semester: Semester) => void;
}) {
  const semesters = useFunction('semesters');
  const list = semesters.data?.semesters ?? [];
  useEffect(() => {
    if (value || list.length === 0) return;
    onChange(list.find((semester) => semester.current) ?? list[0]!);
  }, [value, list, onChange]);
  return (
    <TextField
      select
      size="small"
      label="Semester"
      value={list.some((semester) => semester.id === value) ? value : ''}
      onChange={(event) => {
        const chosen = list.find((semester) => semester.id === event.target.value);
        if (chosen) onChange(chosen);
      }}
      disabled={!semesters.isSuccess}
      helperText={semesters.isError ? `Semesters could not be loaded: ${semesters.error.message}` : undefined}
      error={semesters.isError}
      sx={{ minWidth: 220 }}
    >
      {list.map((semester) => (
        <MenuItem key={semester.id} value={semester.id}>
          {semester.name}
          {semester.current ? ' (current)' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
