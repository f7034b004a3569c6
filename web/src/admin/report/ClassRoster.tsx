// One class's printout: what the class is, then its roster and waitlist (forms and contacts) or its attendance
// sheet. On paper each class starts a page of its own, printed compactly under its own page header.
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useId } from 'react';
import type { Class, RosterEntry } from '@contract/records';
import type { ApiError } from '../../api/client';
import { useProgrammeTimeZone } from '../../layout/RemoteConfig';
import { gradesLabel, scheduleSummary } from '../../layout/schedule';
import { LoadFailure } from '../../layout/LoadFailure';
import { Details } from '../students/Details';
import type { SizeLabel } from '../students/studentSheet';
import { enrolledByName, labelledAnswers, type Roster } from './roster';
import { RosterTable } from './RosterTable';
import { AttendanceTable } from './AttendanceTable';
import type { Printout } from './printout';

function Facts({ cls }: { cls: Class }) {
  const timeZone = useProgrammeTimeZone();
  return (
    <Details
      items={[
        ['Schedule', scheduleSummary(cls.meetings, timeZone)],
        ['Location', cls.location || 'To be announced'],
        ['Instructor', cls.instructor || 'To be announced'],
        ['Grades', gradesLabel(cls)],
        ['Seats', `${cls.enrolled} enrolled of ${cls.capacity}, ${cls.waitlisted} on the waitlist`],
      ]}
    />
  );
}

interface Props {
  cls: Class;
  printout: Printout;
  /** The CSS page name it prints on (its header on every page: PageHeaders). */
  page: string;
  /** Until it is loaded, none: then it is loading, or it failed. */
  roster: Roster | undefined;
  failure: ApiError | null;
  onRetry: () => void;
  sizeLabel: SizeLabel;
}

/** Drawn again only when its own roster changes, not as each of 60 rosters arrives. */
export const ClassRoster = memo(function ClassRoster({
  cls,
  printout,
  page,
  roster,
  failure,
  onRetry,
  sizeLabel,
}: Props) {
  const headingId = useId();
  const current = roster?.class ?? cls;
  // The answers' column, when the class asks questions or answers were given to questions since removed.
  const answersOf =
    roster && (roster.questions.length > 0 || [...roster.roster, ...roster.waitlist].some((e) => e.answers?.length))
      ? (entry: RosterEntry) => labelledAnswers(roster, entry)
      : undefined;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        // Off-screen classes are laid out only when scrolled to: a semester's printout is thousands of rows.
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 900px',
        '@media print': {
          contentVisibility: 'visible',
          border: 'none',
          p: 0,
          page,
          breakAfter: 'page',
          '&:last-of-type': { breakAfter: 'auto' },
          // Compact on paper: a class of 20 on one or two pages, every contact and note still legible.
          '& h2': { fontSize: '13pt' },
          '& h3': { fontSize: '10.5pt', pt: 0.5 },
          '& .MuiTypography-body2, & td, & th': { fontSize: '8.5pt', lineHeight: 1.25 },
          '& dl': { gridTemplateColumns: 'repeat(2, max-content minmax(0, 1fr))', my: 0.5, rowGap: 0 },
        },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h5" component="h2">
          {current.name}
        </Typography>
        {current.status === 'closed' && <Chip size="small" label="Closed" />}
      </Stack>
      <Facts cls={current} />
      {!roster && !failure && (
        <Skeleton variant="rounded" height={120} role="status" aria-label={`Loading the roster of ${cls.name}`} />
      )}
      {!roster && failure && <LoadFailure what="The roster" error={failure} onRetry={onRetry} />}
      {roster && printout === 'attendance' && <AttendanceTable cls={current} entries={enrolledByName(roster)} />}
      {roster && printout === 'forms' && (
        <Stack spacing={1}>
          {roster.questions.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {`Questions asked: ${roster.questions.map((question) => question.label).join(' · ')}`}
            </Typography>
          )}
          <Typography variant="h6" component="h3">
            Roster ({roster.roster.length})
          </Typography>
          {roster.roster.length === 0 ? (
            <Typography color="text.secondary">No students enrolled yet.</Typography>
          ) : (
            <RosterTable
              entries={enrolledByName(roster)}
              label={`Roster of ${current.name}`}
              sizeLabel={sizeLabel}
              answersOf={answersOf}
            />
          )}
          {roster.waitlist.length > 0 && (
            <>
              <Typography variant="h6" component="h3" sx={{ pt: 2 }}>
                Waitlist ({roster.waitlist.length})
              </Typography>
              <RosterTable
                entries={roster.waitlist}
                label={`Waitlist of ${current.name}`}
                sizeLabel={sizeLabel}
                answersOf={answersOf}
              />
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
});
