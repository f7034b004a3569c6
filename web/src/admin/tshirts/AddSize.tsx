// A new size at the end of the list (move it where it belongs); its code is what students' sheets store.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { ManagedTshirtSize } from '@contract/records';
import { CODE_MAX, codeProblem, labelProblem } from './sizeList';

export function AddSize({ sizes, onAdd }: { sizes: ManagedTshirtSize[]; onAdd: (size: ManagedTshirtSize) => void }) {
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const [tried, setTried] = useState(false);
  const problems = { code: codeProblem(code, sizes), label: labelProblem(label) };
  const add = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.code || problems.label) return;
    onAdd({ code: code.trim(), label: label.trim() });
    setCode('');
    setLabel('');
    setTried(false);
  };
  return (
    <Stack component="form" onSubmit={add} noValidate aria-labelledby="add-size-title" spacing={1}>
      <Typography id="add-size-title" variant="subtitle1" component="h2" sx={{ fontWeight: 'bold' }}>
        Add a size
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label="Code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={tried && Boolean(problems.code)}
          helperText={(tried && problems.code) || `Up to ${CODE_MAX} characters, e.g. AXXL`}
          sx={{ width: 170 }}
        />
        <TextField
          size="small"
          label="New size label"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          error={tried && Boolean(problems.label)}
          helperText={(tried && problems.label) || 'As families read it, e.g. Adult XXL'}
          sx={{ flex: '1 1 200px' }}
        />
        <Button type="submit" variant="outlined" sx={{ mt: 0.25 }}>
          Add size
        </Button>
      </Stack>
    </Stack>
  );
}
