// The weekly repeat helper: a first date, weekdays, times, and a number of meetings or a last date.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { Meeting } from '@contract/records';
import { meetingHours, zoneName } from '@contract/moments';
import { WeekdayToggles } from '../../layout/WeekdayToggles';
import { useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { longDate } from '../../layout/schedule';
import { useCloseGuard } from '../../layout/useCloseGuard';
import { MAX_MEETINGS, weeklyMeetings } from './weeklyMeetings';
import { counted } from '../../layout/counted';

const shrink = { inputLabel: { shrink: true } };

export function WeeklyRepeatDialog({
  firstDate,
  start,
  end,
  onAdd,
  onClose,
}: {
  firstDate: string;
  start: string;
  end: string;
  onAdd: (meetings: Meeting[]) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const daysId = useId();
  const timeZone = useProgrammeTimeZone();
  const [first, setFirst] = useState(firstDate);
  // No day is chosen for the administrator: a preselected one (the first date's) was easily kept unnoticed.
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [times, setTimes] = useState({ start, end });
  const [endsBy, setEndsBy] = useState<'after' | 'on'>('after');
  const [count, setCount] = useState('8');
  const [lastDate, setLastDate] = useState('');
  const dirty =
    weekdays.length > 0 ||
    first !== firstDate ||
    times.start !== start ||
    times.end !== end ||
    endsBy !== 'after' ||
    count !== '8';
  const { close, question } = useCloseGuard(dirty, onClose);

  const timesWrong = !!times.start && !!times.end && times.end <= times.start;
  const countWrong =
    endsBy === 'after' && !(/^\d+$/.test(count) && Number(count) >= 1 && Number(count) <= MAX_MEETINGS);
  const meetings =
    times.start && times.end && !timesWrong && !countWrong
      ? weeklyMeetings({
          firstDate: first,
          weekdays,
          ...times,
          ends: endsBy === 'after' ? { after: Number(count) } : { on: lastDate },
        })
      : [];

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {question}
      <DialogTitle id={titleId}>Repeat weekly</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={12}>
            <TextField
              label="First date"
              type="date"
              value={first}
              onChange={(event) => setFirst(event.target.value)}
              fullWidth
              slotProps={shrink}
            />
          </Grid>
          <Grid size={12}>
            <FormLabel id={daysId}>On these days</FormLabel>
            <WeekdayToggles
              days={weekdays}
              onChange={setWeekdays}
              aria-labelledby={daysId}
              sx={{ display: 'flex', flexWrap: 'wrap', mt: 0.5 }}
            />
          </Grid>
          <Grid size={6}>
            <TextField
              label="Starts at"
              type="time"
              value={times.start}
              onChange={(event) => setTimes({ ...times, start: event.target.value })}
              fullWidth
              slotProps={shrink}
            />
          </Grid>
          <Grid size={6}>
            <TextField
              label="Ends at"
              type="time"
              value={times.end}
              onChange={(event) => setTimes({ ...times, end: event.target.value })}
              error={timesWrong}
              helperText={timesWrong ? 'must end after it starts' : undefined}
              fullWidth
              slotProps={shrink}
            />
          </Grid>
          <Grid size={12}>
            <RadioGroup
              row
              value={endsBy}
              onChange={(event) => setEndsBy(event.target.value as 'after' | 'on')}
              aria-label="The repeat ends"
            >
              <FormControlLabel value="after" control={<Radio />} label="After a number of meetings" />
              <FormControlLabel value="on" control={<Radio />} label="On a last date" />
            </RadioGroup>
          </Grid>
          <Grid size={12}>
            {endsBy === 'after' ? (
              <TextField
                label="Number of meetings"
                type="number"
                value={count}
                onChange={(event) => setCount(event.target.value)}
                error={countWrong}
                helperText={countWrong ? `must be 1 to ${MAX_MEETINGS}` : undefined}
                slotProps={{ htmlInput: { min: 1, max: MAX_MEETINGS } }}
                sx={{ minWidth: 220 }}
              />
            ) : (
              <TextField
                label="Last date"
                type="date"
                value={lastDate}
                onChange={(event) => setLastDate(event.target.value)}
                slotProps={shrink}
              />
            )}
          </Grid>
        </Grid>
        <Typography role="status" sx={{ mt: 2 }}>
          {meetings.length > 0
            ? `${counted(meetings.length, 'meeting')}: ${longDate(meetings[0]!.date)} – ${longDate(meetings.at(-1)!.date)}, ${meetingHours(times)} ${zoneName(timeZone, meetings[0]!.date)}.`
            : 'Choose a first date, the days, the times and when the repeat ends.'}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={meetings.length === 0} onClick={() => onAdd(meetings)}>
          {meetings.length === 0 ? 'Add meetings' : `Add ${counted(meetings.length, 'meeting')}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
