// /instructor: the class day on an instructor's phone. Their classes, today's meetings first, each opening its
// roster; the rosters of today's meetings are loaded and kept on the phone as soon as this page opens with
// signal, so the trailhead needs none. Whether the login is an instructor's only the server knows: its refusal is
// shown, with the way to accept an invitation.
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Class } from '@contract/records';
import { meetingHours } from '@contract/moments';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../api/session';
import { LoadFailure } from '../layout/LoadFailure';
import { PageTitle } from '../layout/PageTitle';
import { linkTo, paths } from '../layout/paths';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { dateLabel } from '../layout/schedule';
import { Section } from '../layout/Section';
import { Waiting } from '../layout/Waiting';
import { FromPhone, today } from './classDay';
import { useInstallableClassDay } from './installable';
import { useKept } from './useKept';
import { WaitingMarks } from './WaitingMarks';

/** How many meetings to come each class lists. */
const MEETINGS_SHOWN = 6;

export function ClassDayPage() {
  useInstallableClassDay();
  const sub = useAuth().user!.sub;
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageTitle title="Class day" summary="Your classes, their rosters and the children's attendance." />
      <WaitingMarks sub={sub} />
      <Classes sub={sub} />
    </Stack>
  );
}

function Classes({ sub }: { sub: string }) {
  const { query, data, fromPhone } = useKept(sub, 'instructorClasses', {});
  const timeZone = useProgrammeTimeZone();
  if (query.isError && !data) {
    if (query.error.status === 403) return <NotAnInstructor />;
    return <LoadFailure what="Your classes" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!data) return <Waiting />;
  if (data.classes.length === 0)
    return <Alert severity="info">You teach no classes yet: the office assigns them.</Alert>;
  const day = today(timeZone);
  const meetingToday = data.classes.filter((cls) => cls.meetings.some((m) => m.date === day && !m.cancelled));
  return (
    <>
      {fromPhone && <FromPhone />}
      {!fromPhone && meetingToday.map((cls) => <KeepRoster key={cls.id} sub={sub} classId={cls.id} />)}
      <Section title="Today">
        {meetingToday.length === 0 ? (
          <Typography>None of your classes meets today.</Typography>
        ) : (
          <MeetingList classes={meetingToday} from={day} to={day} named />
        )}
      </Section>
      {data.classes.map((cls) => (
        <Section key={cls.id} title={cls.name}>
          {cls.location && <Typography color="text.secondary">{cls.location}</Typography>}
          <MeetingList classes={[cls]} from={day} />
        </Section>
      ))}
    </>
  );
}

/** Links to the classes' meetings from `from` (to `to`), each to its roster. */
function MeetingList({
  classes,
  from,
  to,
  named = false,
}: {
  classes: Class[];
  from: string;
  to?: string;
  named?: boolean;
}) {
  const meetings = classes
    .flatMap((cls) => cls.meetings.map((meeting) => ({ cls, meeting })))
    .filter(({ meeting }) => meeting.date >= from && (!to || meeting.date <= to))
    .slice(0, MEETINGS_SHOWN);
  if (meetings.length === 0) return <Typography>No meetings to come.</Typography>;
  return (
    <List dense disablePadding>
      {meetings.map(({ cls, meeting }) => (
        <ListItem key={`${cls.id}/${meeting.date}/${meeting.start}`} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={linkTo.meetingRoster(cls.id, meeting.date)}
            disabled={meeting.cancelled}
          >
            <ListItemText
              primary={named ? cls.name : dateLabel(meeting.date)}
              secondary={`${meetingHours(meeting)}${meeting.cancelled ? ' · cancelled' : ''}`}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** Loads a roster of today's meetings, which keeps it on the phone (nothing shown). */
function KeepRoster({ sub, classId }: { sub: string; classId: string }) {
  useKept(sub, 'classDayRoster', { classId });
  return null;
}

function NotAnInstructor() {
  return (
    <Alert severity="warning">
      This account teaches no classes: the class day is for the instructors the office invited. If you were invited,{' '}
      <Link component={RouterLink} to={paths.instructorInvitation}>
        accept the invitation
      </Link>{' '}
      signed in with the address it was sent to.
    </Alert>
  );
}
