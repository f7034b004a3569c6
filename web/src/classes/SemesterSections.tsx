// The classes and groups of each semester open for registration, filtered; drawn again only when what it
// shows changes (the page defers its answers, so this draw can be paused).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import type { Class, ClassGroup, RegistrationStanding, Semester } from '@contract/records';
import { admitsGrade } from '@contract/grades';
import { meetingDays } from '../layout/schedule';
import { useI18n } from '../i18n/classes';
import { useMoment } from './words';
import { ClassCard } from './ClassCard';
import type { Filters } from './ClassFilters';
import type { EnrollTarget } from './enrollTarget';
import { GroupCard } from './GroupCard';
import type { Family } from './useFamily';

function matchesFilters(cls: Class, filters: Filters): boolean {
  const daysMatch = filters.days.length === 0 || meetingDays(cls.meetings).some((day) => filters.days.includes(day));
  return daysMatch && (filters.grade === undefined || admitsGrade(cls, filters.grade));
}

interface Props {
  sections: Array<{ semesterId: string; classes: Class[]; groups: ClassGroup[] }>;
  semesters: Map<string, Semester>;
  /** Every loaded class by id: a group's classes. */
  classes: Map<string, Class>;
  filters: Filters;
  family: Family | undefined;
  /**
   * Whether the signed-in family may enroll now in each semester (`myRegistration`); a visitor has none. Where
   * it may not, the semester's cards only inform and the section says when it may.
   */
  standings: Record<string, RegistrationStanding> | undefined;
  onChoose: (target: EnrollTarget) => void;
  onClearFilters: () => void;
}

export const SemesterSections = memo(function SemesterSections({
  sections,
  semesters,
  classes: byId,
  filters,
  family,
  standings,
  onChoose: choose,
  onClearFilters,
}: Props) {
  const groupClasses = (group: ClassGroup) => group.classIds.flatMap((id) => byId.get(id) ?? []);
  const when = useMoment();
  const { t } = useI18n();
  return (
    <>
      {sections.map(({ semesterId, classes, groups }) => {
        const shownClasses = classes.filter((cls) => matchesFilters(cls, filters));
        const shownGroups = groups.filter((group) => groupClasses(group).every((cls) => matchesFilters(cls, filters)));
        const semester = semesters.get(semesterId);
        const standing = standings?.[semesterId];
        const waiting = standing && !standing.open ? standing.message : undefined;
        return (
          <Stack
            component="section"
            key={semesterId}
            spacing={2}
            aria-label={semester?.name ?? t('classes.sections.classes')}
          >
            {semester && (
              <div>
                <Typography variant="h5" component="h2">
                  {semester.name}
                </Typography>
                <RegistrationTimes semester={semester} when={when} />
              </div>
            )}
            {waiting && <Alert severity="info">{t('classes.sections.waiting', { message: waiting })}</Alert>}
            {!standings && semester && <PriorityOnly semester={semester} />}
            {shownGroups.length > 0 && (
              <>
                <Typography variant="h6" component="h2">
                  {t('classes.sections.groups')}
                </Typography>
                <Grid container spacing={2}>
                  {shownGroups.map((group) => (
                    <Grid key={group.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                      <GroupCard
                        group={group}
                        classes={groupClasses(group)}
                        family={family}
                        onEnroll={
                          waiting
                            ? undefined
                            : (chosen) => choose({ kind: 'group', group: chosen, classes: groupClasses(chosen) })
                        }
                      />
                    </Grid>
                  ))}
                </Grid>
              </>
            )}
            <Typography variant="h6" component="h2">
              {t('classes.sections.classes')}
            </Typography>
            {shownClasses.length === 0 ? (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" size="small" onClick={onClearFilters}>
                    {t('classes.sections.clearFilters')}
                  </Button>
                }
              >
                {t('classes.sections.noMatch')}
              </Alert>
            ) : (
              <Grid container spacing={2}>
                {shownClasses.map((cls) => (
                  <Grid key={cls.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                    <ClassCard
                      cls={cls}
                      family={family}
                      onEnroll={waiting ? undefined : (chosen) => choose({ kind: 'class', cls: chosen })}
                    />
                  </Grid>
                ))}
              </Grid>
            )}
          </Stack>
        );
      })}
    </>
  );
});

/**
 * For a visitor: a semester listed before its registration opens for everyone is open only to the families of a
 * priority window, or to everyone preparing a fair start's requests: signing in tells which.
 */
/** When registration opened for everyone (once it has) and when it closes: "Registration opened …; it closes …." */
function RegistrationTimes({ semester, when }: { semester: Semester; when: (iso: string) => string }) {
  const { t } = useI18n();
  const { registrationOpens: opens, registrationCloses: closes } = semester;
  const opened = opens && Date.parse(opens) <= Date.now() ? when(opens) : undefined;
  const text = opened
    ? closes
      ? t('classes.sections.openedCloses', { opened, closes: when(closes) })
      : t('classes.sections.opened', { opened })
    : closes && t('classes.sections.closes', { closes: when(closes) });
  return (
    text && (
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    )
  );
}

function PriorityOnly({ semester }: { semester: Semester }) {
  const when = useMoment();
  const { t } = useI18n();
  const opens = semester.registrationOpens;
  if (!opens || Date.now() >= Date.parse(opens)) return null;
  return (
    <Alert severity="info">{t('classes.sections.priorityOnly', { name: semester.name, opens: when(opens) })}</Alert>
  );
}
