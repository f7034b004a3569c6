// What administrators write for families, in Spanish too (docs/i18n.md, issue 34): a class's and a group's
// description and what to bring, a policy's title and text, a question's label and options, a cancelled meeting's
// note are saved with an optional `es` beside the English, and families read both (the web app chooses). Spanish
// left empty is none; records stored before there was Spanish read as before, with no `es`.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AskedQuestion,
  Class,
  ClassGroup,
  NamedEnrollment,
  PolicySummary,
  PolicyToAccept,
  PolicyVersion,
  Question,
  Student,
} from '../../lambdas/contract/records';
import { dynamo, tableName } from '../../lambdas/platform/dynamo';
import { adminSession, classNow, familyWithStudents, newClass, openSemester } from '../support/fixtures';
import { call, data, enrollAndWait } from '../support/portal';

const asAdmin = async <T>(name: Parameters<typeof data>[0], payload: unknown) =>
  data<T>(name, payload, (await adminSession()).accessToken);

const storedItem = async (PK: string, SK: string) =>
  (await dynamo.send(new GetCommand({ TableName: tableName, Key: { PK, SK }, ConsistentRead: true }))).Item;

const policiesToAccept = async (token: string, studentId: string, semesterId: string) =>
  (await data<{ policies: PolicyToAccept[] }>('policiesToAccept', { studentId, semesterId }, token)).policies;

describe('Spanish versions of what administrators write', () => {
  test('given a class and a group saved with Spanish, a family reads it with the English; emptied, it is gone; a class saved without reads as before', async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id, {
      description: 'Classic and skate technique.\nAll levels.',
      es: { description: 'Técnica clásica y de patinaje.\nTodos los niveles.', whatToBring: 'Guantes' },
    });
    expect(cls.es).toEqual({
      description: 'Técnica clásica y de patinaje.\nTodos los niveles.',
      whatToBring: 'Guantes',
    });
    // A family (anyone) reads the class as the catalogue answers it: both languages travel.
    const read = await classNow(cls.id);
    expect(read).toMatchObject({
      description: 'Classic and skate technique.\nAll levels.',
      whatToBring: 'Warm gloves',
      es: { description: 'Técnica clásica y de patinaje.\nTodos los niveles.', whatToBring: 'Guantes' },
    });
    const open = await data<Record<string, { classes: Class[] }>>('availableEnrollmentClasses', {});
    expect(open[semester.id]?.classes.find((c) => c.id === cls.id)?.es?.description).toBe(
      'Técnica clásica y de patinaje.\nTodos los niveles.',
    );

    // Changed: the Spanish what to bring emptied is removed, the description kept.
    const { class: changed } = await asAdmin<{ class: Class }>('saveClass', {
      id: cls.id,
      semesterId: semester.id,
      name: cls.name,
      description: cls.description,
      whatToBring: 'Warm gloves',
      meetings: cls.meetings,
      capacity: 10,
      es: { description: 'Técnica clásica.', whatToBring: '  ' },
    });
    expect(changed.es).toEqual({ description: 'Técnica clásica.' });
    expect((await classNow(cls.id)).es).toEqual({ description: 'Técnica clásica.' });

    const other = await newClass(semester.id);
    expect(other).not.toHaveProperty('es');
    expect(await classNow(other.id)).not.toHaveProperty('es');
    expect(await storedItem(`CLASS#${other.id}`, 'CLASS')).not.toHaveProperty('es');

    const { group } = await asAdmin<{ group: ClassGroup }>('saveGroup', {
      semesterId: semester.id,
      name: 'Nordic days',
      description: 'Both days.',
      es: { description: 'Los dos días.' },
      classIds: [cls.id, other.id],
    });
    const groups = await data<{ groups: ClassGroup[] }>('classGroups', { groups: [{ id: group.id }] });
    expect(groups.groups[0]).toMatchObject({ description: 'Both days.', es: { description: 'Los dos días.' } });
    const plain = await asAdmin<{ group: ClassGroup }>('saveGroup', {
      semesterId: semester.id,
      name: 'Plain days',
      classIds: [cls.id, other.id],
    });
    expect(
      (await data<{ groups: ClassGroup[] }>('classGroups', { groups: [{ id: plain.group.id }] })).groups[0],
    ).not.toHaveProperty('es');
  });

  test('given a policy published with Spanish and one without, a family asked to accept them reads each as published', async () => {
    const semester = await openSemester();
    await newClass(semester.id);
    const { version: waiver } = await asAdmin<{ version: PolicyVersion }>('savePolicy', {
      title: 'Liability waiver',
      text: 'Skiing has risks.\nWe accept them.',
      es: { title: 'Exención de responsabilidad', text: 'Esquiar tiene riesgos.\nLos aceptamos.' },
      required: true,
      semesterId: semester.id,
    });
    expect(waiver.es).toEqual({
      title: 'Exención de responsabilidad',
      text: 'Esquiar tiene riesgos.\nLos aceptamos.',
    });
    const { version: photos } = await asAdmin<{ version: PolicyVersion }>('savePolicy', {
      title: 'Photo consent',
      text: 'Photos may be taken.',
      required: false,
      semesterId: semester.id,
    });
    expect(await storedItem(`POLICY#${photos.policyId}`, 'VERSION#000001')).not.toHaveProperty('es');

    const { family, students } = await familyWithStudents(1, 'spanish');
    const [child] = students as [Student];
    const asked = await policiesToAccept(family.accessToken, child.id, semester.id);
    expect(asked.map(({ title, text, es }) => ({ title, text, es }))).toEqual([
      {
        title: 'Liability waiver',
        text: 'Skiing has risks.\nWe accept them.',
        es: { title: 'Exención de responsabilidad', text: 'Esquiar tiene riesgos.\nLos aceptamos.' },
      },
      { title: 'Photo consent', text: 'Photos may be taken.', es: undefined },
    ]);
    expect(asked[1]).not.toHaveProperty('es');

    // A new version keeps its own Spanish (here: none but the title).
    const { version: second } = await asAdmin<{ version: PolicyVersion }>('savePolicy', {
      id: waiver.policyId,
      basedOnVersion: 1,
      title: 'Liability waiver',
      text: 'Skiing has risks.',
      es: { title: 'Exención', text: '' },
      required: true,
      semesterId: semester.id,
    });
    expect(second.es).toEqual({ title: 'Exención' });
    const summary = (await asAdmin<{ policies: PolicySummary[] }>('policies', {})).policies.find(
      (policy) => policy.id === waiver.policyId,
    );
    expect(summary?.current.es).toEqual({ title: 'Exención' });
    expect((await policiesToAccept(family.accessToken, child.id, semester.id))[0]?.es).toEqual({ title: 'Exención' });
  });

  test("given questions with Spanish, a family reads them, answers with the English option, and its answer keeps the label's Spanish", async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id);
    const saved = await asAdmin<{ questions: Question[] }>('saveQuestions', {
      classId: cls.id,
      questions: [
        {
          label: 'Skill level',
          kind: 'choice',
          options: ['New', 'Some', 'Strong'],
          required: true,
          es: { label: 'Nivel', options: ['Nuevo', '', 'Avanzado'] },
        },
        { label: 'Boot size', kind: 'text', es: { label: '' } },
      ],
      seen: null,
    });
    expect(saved.questions.map((question) => question.es)).toEqual([
      { label: 'Nivel', options: ['Nuevo', '', 'Avanzado'] },
      undefined,
    ]);
    const refused = await call(
      'saveQuestions',
      {
        classId: cls.id,
        questions: [{ label: 'Skill level', kind: 'choice', options: ['New', 'Some'], es: { options: ['Nuevo'] } }],
      },
      (await adminSession()).accessToken,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toMatch(/^questions\[0\]\.es\.options: must list one Spanish option/);

    const { family, students } = await familyWithStudents(1, 'preguntas');
    const [child] = students as [Student];
    const asked = await data<{ questions: AskedQuestion[] }>(
      'enrollmentQuestions',
      { classId: cls.id },
      family.accessToken,
    );
    expect(asked.questions.map(({ label, es }) => ({ label, es }))).toEqual([
      { label: 'Skill level', es: { label: 'Nivel', options: ['Nuevo', '', 'Avanzado'] } },
      { label: 'Boot size', es: undefined },
    ]);
    const enrolled = await enrollAndWait(
      { studentId: child.id, classId: cls.id, answers: [{ questionId: saved.questions[0]!.id, value: 'Strong' }] },
      family.accessToken,
    );
    expect(enrolled.status).toBe(200);
    const mine = (await data<{ enrollments: NamedEnrollment[] }>('myEnrollments', {}, family.accessToken)).enrollments;
    expect(mine.find((enrollment) => enrollment.classId === cls.id)?.answers).toEqual([
      { questionId: saved.questions[0]!.id, label: 'Skill level', value: 'Strong', es: { label: 'Nivel' } },
    ]);
  });

  test("given a meeting cancelled with a Spanish note, the class's meeting keeps both notes", async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id);
    const [meeting] = cls.meetings as [Class['meetings'][number]];
    await asAdmin('cancelMeeting', {
      classId: cls.id,
      date: meeting.date,
      start: meeting.start,
      note: 'The road is closed by snow.',
      es: { note: 'La carretera está cerrada por la nieve.' },
    });
    expect((await classNow(cls.id)).meetings[0]).toEqual({
      ...meeting,
      cancelled: true,
      cancelNote: 'The road is closed by snow.',
      es: { cancelNote: 'La carretera está cerrada por la nieve.' },
    });
  });
});
