// A child's marks at one meeting as the office reads them, in the order made, times on the programme's clock: on a
// meeting's attendance and on the child's sheet. The family's absence report first, when there is one.
import Typography from '@mui/material/Typography';
import type { AttendanceEvent } from '@contract/classDay';
import { useMomentText } from '../../layout/RemoteConfig';
import { eventText } from './attendanceCsv';

export function AttendanceMarks({ events, absenceNote }: { events: AttendanceEvent[]; absenceNote?: string }) {
  const momentText = useMomentText();
  return (
    <Typography component="ol" variant="body2" sx={{ m: 0, pl: 2.5 }}>
      {absenceNote !== undefined && <li>Reported absent by the family: {absenceNote}</li>}
      {events.map((event) => (
        <li key={event.key}>{eventText(event, momentText)}</li>
      ))}
    </Typography>
  );
}
