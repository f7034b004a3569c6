// A check-out: to an adult of the child's pick-up list, chosen by name, or to someone else, whose name and a
// reason the instructor types; such a check-out is flagged to the office. Checked here with the rule the portal
// applies, so a mark the portal would refuse is never kept on the phone.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { checkOutRule } from '@contract/classDay';
import type { Student } from '@contract/records';

/** The choice of "someone else", beside the pick-up list's names. */
const SOMEONE_ELSE = '';

interface CheckOutDialogProps {
  name: string;
  pickupAdults: Student['pickupAdults'];
  onCheckOut: (made: { pickedUpBy: string; reason?: string }) => void;
  onClose: () => void;
}

export function CheckOutDialog({ name, pickupAdults, onCheckOut, onClose }: CheckOutDialogProps) {
  const titleId = useId();
  const [chosen, setChosen] = useState(pickupAdults[0]?.name ?? SOMEONE_ELSE);
  const [other, setOther] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ other?: string; reason?: string }>({});
  const someoneElse = chosen === SOMEONE_ELSE;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pickedUpBy = (someoneElse ? other : chosen).trim();
    const why = reason.trim();
    const found = {
      ...(!pickedUpBy && { other: 'Enter the name of the adult who takes the child' }),
      ...(someoneElse && !why && { reason: 'Enter why this adult takes the child' }),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const rule = checkOutRule({ pickedUpBy, reason: why || undefined }, pickupAdults);
    if ('problem' in rule) {
      setProblems({ reason: rule.problem });
      return;
    }
    onCheckOut({ pickedUpBy, ...(someoneElse && { reason: why }) });
    onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Check out {name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormControl>
              <FormLabel id={`${titleId}-who`}>Who takes {name} home?</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-who`}
                value={chosen}
                onChange={(event) => setChosen(event.target.value)}
              >
                {pickupAdults.map((adult) => (
                  <FormControlLabel
                    key={adult.name}
                    value={adult.name}
                    control={<Radio />}
                    label={`${adult.name} (${adult.relationship})`}
                  />
                ))}
                <FormControlLabel value={SOMEONE_ELSE} control={<Radio />} label="Someone not on the list" />
              </RadioGroup>
            </FormControl>
            {someoneElse && (
              <>
                <Alert severity="warning">
                  This adult is not on the list the family gave: the check-out is flagged to the office, and the family
                  is told.
                </Alert>
                <TextField
                  label="Name of the adult"
                  value={other}
                  onChange={(event) => setOther(event.target.value)}
                  required
                  error={!!problems.other}
                  helperText={problems.other}
                  slotProps={{ htmlInput: { maxLength: 120 } }}
                />
                <TextField
                  label="Reason"
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  required
                  error={!!problems.reason}
                  helperText={problems.reason ?? 'For instance: the aunt phoned the office; ID seen.'}
                  slotProps={{ htmlInput: { maxLength: 300 } }}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Check out
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
