// /calendar/classes, Class Calendar (open to everyone): every class meeting by month, week or as a list,
// filtered by class (`?classId=`), with each meeting's details and the feeds to subscribe to.
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CalendarEvent } from '@contract/records';
import { dayOf } from '@contract/moments';
import { useI18n } from '../i18n/calendar';
import { lazily } from '../layout/lazily';
import { ClassFilter } from './ClassFilter';
import { FeedLink } from './FeedLink';
import { dateToShow } from './meetings';
import { MeetingDialog } from './MeetingDialog';
import { useCalendarClasses } from './useCalendarClasses';
import { PageTitle } from '../layout/PageTitle';
import { useProgrammeTimeZone } from '../layout/RemoteConfig';
import { zoneNameIn } from '../layout/schedule';

const ClassCalendar = lazily(() => import('./ClassCalendar'), 'ClassCalendar');

export function ClassCalendarPage() {
  const { t, language } = useI18n();
  const [params, setParams] = useSearchParams();
  const classId = params.get('classId') ?? undefined;
  const classes = useCalendarClasses(classId);
  const chosen = classes.classes?.find((option) => option.cls.id === classId);
  const [meeting, setMeeting] = useState<CalendarEvent>();
  const timeZone = useProgrammeTimeZone();
  const chooseClass = (id: string | undefined) => setParams(id ? { classId: id } : {}, { replace: true });
  // A chosen class's next meeting. Until one is chosen, the semester's next meeting, so the calendar never opens
  // on an empty month; once the filter was used, clearing it leaves the month in view where it is.
  const filtered = useRef(false);
  if (classId) filtered.current = true;
  const focusDate = dateToShow(
    (chosen ? [chosen] : filtered.current ? [] : (classes.opening ?? [])).flatMap(({ cls }) => cls.meetings),
  );

  return (
    <Stack spacing={3}>
      <PageTitle
        title={t('calendar.page.title')}
        summary={t('calendar.page.summary', {
          zone: zoneNameIn(timeZone, dayOf(new Date().toISOString(), timeZone), language),
        })}
      />
      <ClassFilter classes={classes} chosen={chosen} onChange={chooseClass} />
      <Suspense
        fallback={<Skeleton variant="rounded" height={560} role="status" aria-label={t('calendar.page.loading')} />}
      >
        <ClassCalendar classId={classId} focusDate={focusDate} onMeeting={setMeeting} />
      </Suspense>
      <Paper component="section" variant="outlined" aria-labelledby="subscribe-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="subscribe-title" variant="h6" component="h2">
          {t('calendar.subscribe.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('calendar.subscribe.intro')}
        </Typography>
        <Stack spacing={3}>
          <FeedLink name={t('calendar.feed.all')} />
          {chosen && <FeedLink name={chosen.cls.name} classId={chosen.cls.id} />}
        </Stack>
      </Paper>
      {meeting && (
        <MeetingDialog
          meeting={meeting}
          onShowClass={classId ? undefined : chooseClass}
          onClose={() => setMeeting(undefined)}
        />
      )}
    </Stack>
  );
}
