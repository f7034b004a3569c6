// /admin/enrollments: every enrollment of a semester with filters (?semesterId=&classId=&status=&student=),
// the administrator's actions on each, CSV export, and the audit trail (?tab=activity).
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useFunction } from '../../api/queries';
import { Waiting } from '../../layout/Waiting';
import { SemesterPicker } from '../SemesterPicker';
import { listedClasses } from '../classes/classLookup';
import { useSemesterParam } from '../useSemesterParam';
import { ActivityTrail } from './ActivityTrail';
import { EnrollmentsTab } from './EnrollmentsTab';
import { PageTitle } from '../../layout/PageTitle';

export function SemesterEnrollmentsPage() {
  const [params, setParams] = useSearchParams();
  const [semesterId, choose] = useSemesterParam();
  const classId = params.get('classId');
  const tab = params.get('tab') === 'activity' ? 'activity' : 'enrollments';
  // A link with only ?classId= (from a roster, say) opens that class's semester.
  const findingSemester = !semesterId && !!classId;
  const linked = useFunction('classes', { query: [{ id: classId ?? '' }] }, { enabled: findingSemester });

  // Found, the class's semester opens; not found (or not loaded), the list opens without the class.
  const { isPending, data } = linked;
  useEffect(() => {
    if (!findingSemester || isPending) return;
    const cls = data && listedClasses(data).find((candidate) => candidate.id === classId);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (cls) next.set('semesterId', cls.semesterId);
        else next.delete('classId');
        return next;
      },
      { replace: true },
    );
  }, [findingSemester, isPending, data, classId, setParams]);

  const showTab = (next: string) =>
    setParams((previous) => {
      const changed = new URLSearchParams(previous);
      if (next === 'activity') changed.set('tab', 'activity');
      else changed.delete('tab');
      return changed;
    });

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <PageTitle
          title="Enrollments"
          summary="Every enrollment of a semester: cancel, promote from the waitlist or move a student to another class."
        />
        {!findingSemester && <SemesterPicker value={semesterId} onChange={choose} />}
      </Stack>
      {findingSemester && <Waiting />}
      {semesterId && (
        <>
          <Tabs
            value={tab}
            onChange={(_event, next: string) => showTab(next)}
            aria-label="Enrollments or their activity"
          >
            <Tab value="enrollments" label="Enrollments" />
            <Tab value="activity" label="Activity" />
          </Tabs>
          {tab === 'enrollments' ? (
            <EnrollmentsTab key={semesterId} semesterId={semesterId} />
          ) : (
            <ActivityTrail key={semesterId} semesterId={semesterId} />
          )}
        </>
      )}
    </Stack>
  );
}
