// /admin/classes/management/class/new?semesterId=… and /admin/classes/management/class/:classId.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Class, Semester } from '@contract/records';
import { useFunction } from '../../api/queries';
import { LoadFailure } from '../../layout/LoadFailure';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { ClassForm } from './ClassForm';
import { listedClasses } from './classLookup';
import { ManagementTrail } from './ManagementTrail';
import { QuestionsSection } from '../questions/QuestionsSection';
import { PageTitle } from '../../layout/PageTitle';
import { linkTo } from '../../layout/paths';

export function NewClassPage() {
  const [params] = useSearchParams();
  return (
    <WithSemester semesterId={params.get('semesterId') ?? ''}>
      {(semester) => <ClassPage semester={semester} />}
    </WithSemester>
  );
}

export function EditClassPage() {
  const { classId = '' } = useParams();
  const answer = useFunction('classes', { query: [{ id: classId }] });
  if (answer.isPending) return <Waiting />;
  if (answer.isError)
    return <LoadFailure what="The class" error={answer.error} onRetry={() => void answer.refetch()} />;
  const cls = listedClasses(answer.data).find((candidate) => candidate.id === classId);
  if (!cls) return <NotFound what="class" />;
  return (
    <WithSemester semesterId={cls.semesterId}>{(semester) => <ClassPage semester={semester} cls={cls} />}</WithSemester>
  );
}

function WithSemester({ semesterId, children }: { semesterId: string; children: (semester: Semester) => ReactNode }) {
  const semesters = useFunction('semesters');
  if (semesters.isPending) return <Waiting />;
  if (semesters.isError)
    return <LoadFailure what="The semester" error={semesters.error} onRetry={() => void semesters.refetch()} />;
  const semester = semesters.data.semesters.find((candidate) => candidate.id === semesterId);
  return semester ? children(semester) : <NotFound what="semester" />;
}

function NotFound({ what }: { what: string }) {
  return (
    <Stack spacing={2}>
      <ManagementTrail trail={[{ label: `Unknown ${what}` }]} />
      <Typography>There is no such {what}.</Typography>
    </Stack>
  );
}

function ClassPage({ semester, cls }: { semester: Semester; cls?: Class }) {
  const navigate = useNavigate();
  const show = useToast();
  const back = () => void navigate(linkTo.managedSemester(semester.id));
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <ManagementTrail
        trail={[{ label: semester.name, to: linkTo.managedSemester(semester.id) }, { label: cls?.name ?? 'New class' }]}
      />
      <PageTitle title={cls ? `Edit ${cls.name}` : `New class in ${semester.name}`} />
      <ClassForm
        semester={semester}
        cls={cls}
        onCancel={back}
        onSaved={(saved) => {
          show({ severity: 'success', summary: 'Saved', detail: `${saved.name} is saved.` });
          back();
        }}
      />
      {cls && (
        <QuestionsSection
          scope={{ classId: cls.id }}
          help={`Asked of every family enrolling in ${cls.name}, after the semester's own questions.`}
        />
      )}
    </Stack>
  );
}
