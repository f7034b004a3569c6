// FullCalendar with month, week and list views of the class meetings, fetched for the range in view (each
// range once, a query of the calendar function), filtered by class. Loaded on first use: it is the largest
// piece of the site.
import type { EventSourceFunc } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import spanish from '@fullcalendar/core/locales/es';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CalendarEvent } from '@contract/records';
import { useQueryClient } from '@tanstack/react-query';
import { asApiError } from '../api/client';
import { fetchCatalogue, publicKey } from '../api/queries';
import { i18n, useI18n } from '../i18n/calendar';
import { LoadFailure } from '../layout/LoadFailure';
import { toEventInput } from './meetings';

const VIEWS = 'dayGridMonth,timeGridWeek,listMonth';
// The site's 12-hour clock in English ("9:00 AM"), the 24-hour one in Spanish ("13:30"); the page names the zone
// once.
const HOURS = {
  en: { hour: 'numeric', minute: '2-digit', hour12: true },
  es: { hour: 'numeric', minute: '2-digit', hour12: false },
} as const;
// FullCalendar's own words in Spanish ("+2 más"), its buttons' hints from the catalogue, said when drawn ("Mes
// anterior", "Vista de lista"); the week starts on Sunday in both languages, as the class filters' weekdays do.
const LOCALES = [
  {
    ...spanish,
    buttonHints: {
      prev: (text: string) => i18n._('calendar.hint.prev', { unit: text }),
      next: (text: string) => i18n._('calendar.hint.next', { unit: text }),
      today: (_text: string, unit: string) => i18n._('calendar.hint.today', { unit }),
    },
    viewHint: (_text: string, view: string) => i18n._('calendar.hint.view', { view }),
  },
];

interface Props {
  classId: string | undefined;
  /** A date to bring into view (the chosen class's next meeting). */
  focusDate: string | undefined;
  onMeeting: (meeting: CalendarEvent) => void;
}

export function ClassCalendar({ classId, focusDate, onMeeting }: Props) {
  const theme = useTheme();
  const { t, language } = useI18n();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const calendar = useRef<FullCalendar>(null);
  const client = useQueryClient();
  const frame = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string>();

  const events = useCallback<EventSourceFunc>(
    ({ startStr, endStr }, success, fail) => {
      const range = { from: startStr.slice(0, 10), to: endStr.slice(0, 10) };
      client
        .fetchQuery({
          queryKey: publicKey('calendar', range),
          queryFn: () => fetchCatalogue('calendar', range),
          // A range is fetched once, not each time it comes back into view (unless a class changed since).
          staleTime: Number.POSITIVE_INFINITY,
        })
        .then(
          ({ events: meetings }) => {
            setFailure(undefined);
            success(meetings.filter((meeting) => !classId || meeting.classId === classId).map(toEventInput));
          },
          (error: unknown) => {
            setFailure(asApiError(error).message);
            fail(error as Error);
          },
        );
    },
    // The language too: a cancelled meeting's title is in it (the range comes from the cache again).
    [classId, client, language],
  );

  useEffect(() => {
    const api = calendar.current?.getApi();
    if (!api || !focusDate) return;
    const { activeStart, activeEnd } = api.view;
    const date = new Date(`${focusDate}T12:00`);
    if (date < activeStart || date >= activeEnd) api.gotoDate(focusDate);
  }, [focusDate]);

  // FullCalendar draws the previous/next arrows as role="img" without a name. Their buttons are named by
  // their title ("Previous month", "Next week"), so the arrows are hidden from assistive technology instead,
  // also when the toolbar is drawn again. And it names a month's day by its date alone, while the day shows
  // its meetings too (WCAG 2.5.3): the day is named by what it shows, its date link keeping its full date.
  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    const hideArrows = () => {
      box.querySelectorAll('.fc-button .fc-icon[role="img"]').forEach((icon) => {
        icon.removeAttribute('role');
        icon.setAttribute('aria-hidden', 'true');
      });
      for (const day of box.querySelectorAll('.fc-daygrid-day[aria-labelledby]'))
        day.removeAttribute('aria-labelledby');
    };
    hideArrows();
    const observer = new MutationObserver(hideArrows);
    observer.observe(box, { childList: true, subtree: true, attributeFilter: ['aria-labelledby'] });
    return () => observer.disconnect();
  }, []);

  const retry = () => {
    setFailure(undefined);
    calendar.current?.getApi().refetchEvents();
  };

  return (
    <Box
      ref={frame}
      sx={{
        '--fc-button-bg-color': theme.palette.primary.main,
        '--fc-button-border-color': theme.palette.primary.main,
        '--fc-button-hover-bg-color': theme.palette.primary.dark,
        '--fc-button-hover-border-color': theme.palette.primary.dark,
        '--fc-button-active-bg-color': theme.palette.primary.dark,
        '--fc-button-active-border-color': theme.palette.primary.dark,
        '--fc-today-bg-color': 'rgba(29, 78, 137, 0.08)',
        bgcolor: 'background.paper',
        p: { xs: 1, sm: 2 },
        borderRadius: 1,
        '& .fc .fc-toolbar-title': { fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 600 },
        // A meeting's title in a month's day wraps instead of being cut after a few letters.
        '& .fc .fc-daygrid-event': { whiteSpace: 'normal', alignItems: 'flex-start' },
        '& .fc .fc-daygrid-event .fc-event-title': { overflowWrap: 'anywhere', fontWeight: 500 },
        // On a phone the list's 12-hour times ("9:00 AM - 11:30 AM") leave the title less room: a long name wraps.
        '& .fc .fc-list-event-title': { overflowWrap: 'anywhere' },
        '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: 1 },
        // FullCalendar fades the neighbouring months' day numbers to 1.89:1; grey text reads at 5.7:1.
        '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: 'text.secondary' },
      }}
    >
      {failure && (
        <LoadFailure what={t('calendar.view.failure')} error={{ message: failure }} onRetry={retry} sx={{ mb: 1 }} />
      )}
      <LinearProgress
        aria-label={t('calendar.view.loading')}
        sx={{ mb: 1, visibility: loading ? 'visible' : 'hidden' }}
      />
      <FullCalendar
        ref={calendar}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
        initialView={phone ? 'listMonth' : 'dayGridMonth'}
        headerToolbar={
          phone ? { start: 'title', end: 'prev,next' } : { start: 'prev,next today', center: 'title', end: VIEWS }
        }
        footerToolbar={phone ? { start: 'today', end: VIEWS } : false}
        locales={LOCALES}
        locale={language}
        firstDay={0}
        buttonText={{
          today: t('calendar.view.today'),
          month: t('calendar.view.month'),
          week: t('calendar.view.week'),
          list: t('calendar.view.list'),
        }}
        events={events}
        loading={setLoading}
        eventClick={({ event, jsEvent }) => {
          jsEvent.preventDefault();
          onMeeting(event.extendedProps.meeting as CalendarEvent);
        }}
        eventInteractive
        // The list (the phone's view) also says where each meeting is.
        eventContent={({ event, view }) =>
          view.type.startsWith('list') ? (
            <>
              {event.title}
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.875em' }}>
                {(event.extendedProps.meeting as CalendarEvent).location}
              </Box>
            </>
          ) : (
            true
          )
        }
        eventTimeFormat={HOURS[language]}
        slotLabelFormat={HOURS[language]}
        slotMinTime="07:00:00"
        slotMaxTime="21:00:00"
        allDaySlot={false}
        dayMaxEvents={4}
        // FullCalendar's "+2 more" is a link without an address that opens a popover: a button to assistive
        // technology, which its aria-expanded needs (axe: aria-allowed-attr).
        moreLinkDidMount={({ el }) => el.setAttribute('role', 'button')}
        height="auto"
        noEventsText={t('calendar.view.none')}
      />
    </Box>
  );
}
