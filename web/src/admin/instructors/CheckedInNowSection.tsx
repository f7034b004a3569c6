// The office's view of the day: each class meeting today, who is checked in now and since when, of how many enrolled
// and marked. Asked again every minute while the screen is open (the marks arrive as phones find signal).
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { clockText, meetingHours, wallClockOf } from '@contract/moments';
import { fetchFunction, useFunctionKey } from '../../api/queries';
import { counted } from '../../layout/counted';
import { LoadFailure } from '../../layout/LoadFailure';
import { useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { dateLabel } from '../../layout/schedule';
import { Section } from '../../layout/Section';
import { Waiting } from '../../layout/Waiting';

const EVERY_MINUTE = 60_000;

export function CheckedInNowSection() {
  const key = useFunctionKey();
  const day = useQuery({
    queryKey: key('checkedInNow', {}),
    queryFn: () => fetchFunction('checkedInNow', {}),
    refetchInterval: EVERY_MINUTE,
  });
  const timeZone = useProgrammeTimeZone();
  const clock = (iso: string) => clockText(wallClockOf(iso, timeZone).slice(11));
  return (
    <Section title="Checked in now">
      {day.isPending && <Waiting />}
      {day.isError && <LoadFailure what="Today's classes" error={day.error} onRetry={() => void day.refetch()} />}
      {day.data && day.data.classes.length === 0 && (
        <Typography>No class meets today ({dateLabel(day.data.date)}).</Typography>
      )}
      {day.data?.classes.map((cls) => (
        <div key={cls.classId}>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
            {cls.className}, {cls.meetings.map(meetingHours).join(' and ')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {counted(cls.checkedIn.length, 'child', 'children')} checked in now; {cls.marked} of {cls.enrolled} marked
            today.
          </Typography>
          {cls.checkedIn.length > 0 ? (
            <List dense aria-label={`Checked in now in ${cls.className}`}>
              {cls.checkedIn.map((child) => (
                <ListItem key={child.studentId} disablePadding>
                  <ListItemText primary={child.name} secondary={`since ${clock(child.since)}`} />
                </ListItem>
              ))}
            </List>
          ) : (
            <Alert severity="success" variant="outlined" sx={{ my: 1 }}>
              Nobody is checked in now.
            </Alert>
          )}
        </div>
      ))}
    </Section>
  );
}
