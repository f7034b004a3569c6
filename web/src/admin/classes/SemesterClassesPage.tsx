// /admin/classes/management/semester/:semesterId: one semester's classes and class groups.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Semester } from '@contract/records';
import { useFunction } from '../../api/queries';
import { Section } from '../../layout/Section';
import { LoadFailure } from '../../layout/LoadFailure';
import { useMomentText } from '../../layout/RemoteConfig';
import { Waiting } from '../../layout/Waiting';
import { useToast } from '../../layout/toast';
import { ClassList } from './ClassList';
import { byName } from './classLookup';
import { GroupsSection } from './GroupsSection';
import { QuestionsSection } from '../questions/QuestionsSection';
import { ManagementTrail } from './ManagementTrail';
import { SemesterDialog } from './SemesterDialog';
import { registrationText, semesterDates } from './semesterText';
import { PageTitle } from '../../layout/PageTitle';
import { linkTo } from '../../layout/paths';

export function SemesterClassesPage() {
  const { semesterId = '' } = useParams();
  const semesters = useFunction('semesters');
  if (semesters.isPending) return <Waiting />;
  if (semesters.isError)
    return <LoadFailure what="The semester" error={semesters.error} onRetry={() => void semesters.refetch()} />;
  const semester = semesters.data.semesters.find((candidate) => candidate.id === semesterId);
  if (!semester) {
    return (
      <Stack spacing={2}>
        <ManagementTrail trail={[{ label: 'Unknown semester' }]} />
        <Typography>There is no such semester.</Typography>
      </Stack>
    );
  }
  return <SemesterClasses semester={semester} />;
}

function SemesterClasses({ semester }: { semester: Semester }) {
  const classes = useFunction('classesBySemester', { semesters: [semester.id] });
  const show = useToast();
  const [editing, setEditing] = useState(false);
  const moment = useMomentText();
  const list = [...(classes.data?.classes[semester.id] ?? [])].sort(byName);
  return (
    <Stack spacing={3}>
      <ManagementTrail trail={[{ label: semester.name }]} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <PageTitle
          title={`${semester.name}${semester.current ? ' (current)' : ''}`}
          summary={`${semesterDates(semester)} · ${registrationText(semester, moment)}`}
        />
        <Button onClick={() => setEditing(true)}>Edit semester</Button>
      </Stack>
      <Section title="Classes">
        {classes.isPending && <Waiting />}
        {classes.isError && (
          <LoadFailure what="The classes" error={classes.error} onRetry={() => void classes.refetch()} />
        )}
        {classes.isSuccess && <ClassList classes={list} />}
        <Button startIcon={<AddIcon />} component={RouterLink} to={linkTo.newClass(semester.id)} sx={{ mt: 1 }}>
          New class
        </Button>
      </Section>
      {classes.isSuccess && <GroupsSection semesterId={semester.id} classes={list} />}
      <QuestionsSection
        scope={{ semesterId: semester.id }}
        help="Asked of every family enrolling in a class of this semester, before each class's own questions."
      />
      {editing && (
        <SemesterDialog
          semester={semester}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            show({ severity: 'success', summary: 'Saved', detail: `${saved.name} is saved.` });
            setEditing(false);
          }}
        />
      )}
    </Stack>
  );
}
