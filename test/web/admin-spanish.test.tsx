// The administrators' forms take a Spanish version of what they write for families, beside each English field
// (docs/i18n.md, issue 34), saved with the record: a class's description and what to bring, a policy's title and
// text, a question and its options, the site's announcement. Spanish left empty is not sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Class, ConfigValues, PolicyVersion, Question, Semester } from '../../lambdas/contract/records';
import { ClassForm } from '../../web/src/admin/classes/ClassForm';
import { PolicyDialog } from '../../web/src/admin/policies/PolicyDialog';
import { QuestionDialog } from '../../web/src/admin/questions/QuestionDialog';
import { ConfigSection } from '../../web/src/admin/settings/ConfigSection';
import { answeringCalls, renderAsAdmin } from '../support/adminScreen';

const semester: Semester = {
  id: 'winter',
  name: 'Winter',
  startDate: '2027-01-04',
  endDate: '2027-03-26',
  current: true,
};
const HINT = 'Families reading Spanish see the English when this is empty, marked "in English".';

/** Types a text into a field in one go (a paste): key by key, these forms' long texts took most of 30 s on a busy CPU. */
async function write(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

let sent: Array<{ name: string; payload: Record<string, unknown> }>;
const payloadsOf = (name: string) => sent.filter((call) => call.name === name).map((call) => call.payload);

function portal(answer: (name: string, payload: Record<string, unknown>) => unknown) {
  sent = [];
  answeringCalls((name, payload) => {
    sent.push({ name, payload: payload as Record<string, unknown> });
    return answer(name, payload as Record<string, unknown>);
  });
}

test('the class form saves the description and what to bring in Spanish, each field saying what families see without it', async () => {
  portal((name, payload) =>
    name === 'saveClass'
      ? { class: { ...payload, id: 'c1', enrolled: 0, waitlisted: 0, seatsLeft: 10 } as unknown as Class }
      : {},
  );
  const onSaved = jest.fn();
  await renderAsAdmin(<ClassForm semester={semester} onSaved={onSaved} onCancel={() => undefined} />);
  const user = userEvent.setup();
  await write(user, screen.getByRole('textbox', { name: 'Name' }), 'Nordic Skiing');
  await write(user, screen.getByRole('textbox', { name: 'Description' }), 'Classic technique.');
  const esDescription = screen.getByRole('textbox', { name: 'Description in Spanish (optional)' });
  expect(esDescription).toHaveAccessibleDescription(HINT);
  await write(user, esDescription, 'Técnica clásica.\nTodos los niveles.');
  expect(screen.getByRole('textbox', { name: 'What to bring in Spanish (optional)' })).toHaveAccessibleDescription(
    HINT,
  );
  await write(user, screen.getByRole('spinbutton', { name: 'Capacity' }), '10');
  await user.click(screen.getByRole('button', { name: 'Create class' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(payloadsOf('saveClass')).toEqual([
    expect.objectContaining({
      name: 'Nordic Skiing',
      description: 'Classic technique.',
      es: { description: 'Técnica clásica.\nTodos los niveles.' },
    }),
  ]);
});

test("the class form shows a class's Spanish, and sends none once it is emptied", async () => {
  portal((name, payload) => (name === 'saveClass' ? { class: { ...payload, id: 'c1' } } : {}));
  const cls: Class = {
    id: 'c1',
    semesterId: 'winter',
    name: 'Nordic Skiing',
    description: 'Classic technique.',
    location: '',
    instructor: '',
    meetings: [],
    capacity: 10,
    enrolled: 0,
    waitlisted: 0,
    seatsLeft: 10,
    status: 'open',
    whatToBring: 'Gloves',
    es: { whatToBring: 'Guantes' },
  };
  const onSaved = jest.fn();
  await renderAsAdmin(<ClassForm semester={semester} cls={cls} onSaved={onSaved} onCancel={() => undefined} />);
  const user = userEvent.setup();
  const esBring = screen.getByRole('textbox', { name: 'What to bring in Spanish (optional)' });
  expect(esBring).toHaveValue('Guantes');
  await user.clear(esBring);
  await user.click(screen.getByRole('button', { name: 'Save class' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(payloadsOf('saveClass')[0]).not.toHaveProperty('es');
});

test('the policy dialog publishes the title and text in Spanish with the English', async () => {
  portal((name, payload) =>
    name === 'semesters'
      ? { semesters: [semester] }
      : { version: { ...payload, policyId: 'p1', version: 1, publishedAt: '', publishedBy: '' } as PolicyVersion },
  );
  const onPublished = jest.fn();
  await renderAsAdmin(<PolicyDialog onPublished={onPublished} onClose={() => undefined} />);
  const user = userEvent.setup();
  await write(user, screen.getByRole('textbox', { name: 'Title' }), 'Liability waiver');
  await write(user, screen.getByRole('textbox', { name: 'Text' }), 'Skiing has risks.');
  await write(
    user,
    screen.getByRole('textbox', { name: 'Title in Spanish (optional)' }),
    'Exención de responsabilidad',
  );
  await write(
    user,
    screen.getByRole('textbox', { name: 'Text in Spanish (optional)' }),
    'Esquiar tiene riesgos.\nLos aceptamos.',
  );
  await user.click(screen.getByRole('button', { name: 'Publish version 1' }));
  await user.click(await screen.findByRole('button', { name: 'Publish version 1' }));
  await waitFor(() => expect(onPublished).toHaveBeenCalled());
  expect(payloadsOf('savePolicy')).toEqual([
    {
      title: 'Liability waiver',
      text: 'Skiing has risks.',
      es: { title: 'Exención de responsabilidad', text: 'Esquiar tiene riesgos.\nLos aceptamos.' },
      required: true,
    },
  ]);
});

test("the question dialog saves the question and its options in Spanish, an empty line keeping that option's English", async () => {
  portal((name, payload) =>
    name === 'saveQuestions'
      ? {
          questions: (payload.questions as Question[]).map((question) => ({ ...question, id: 'q1' })),
          updatedAt: '2027-01-01T00:00:00Z',
        }
      : {},
  );
  const onSaved = jest.fn();
  await renderAsAdmin(
    <QuestionDialog
      scope={{ classId: 'c1' }}
      questions={[]}
      seen={null}
      onSaved={onSaved}
      onRefused={() => undefined}
      onClose={() => undefined}
    />,
  );
  const user = userEvent.setup();
  await write(user, screen.getByRole('textbox', { name: 'Question' }), 'Skill level');
  await write(user, screen.getByRole('textbox', { name: 'Question in Spanish (optional)' }), 'Nivel');
  await write(user, screen.getByRole('textbox', { name: 'Options, one a line' }), 'New\nSome\nStrong');
  await write(
    user,
    screen.getByRole('textbox', { name: 'Options, one a line in Spanish (optional)' }),
    'Nuevo\n\nAvanzado',
  );
  await user.click(screen.getByRole('button', { name: 'Add question' }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect((payloadsOf('saveQuestions')[0]!.questions as Question[])[0]).toEqual({
    label: 'Skill level',
    kind: 'choice',
    options: ['New', 'Some', 'Strong'],
    es: { label: 'Nivel', options: ['Nuevo', '', 'Avanzado'] },
    required: false,
  });
});

test('the site settings save the announcement in Spanish as a value of its own', async () => {
  portal((name, payload) =>
    name === 'saveConfig'
      ? { values: payload.values as ConfigValues, timeZone: 'America/Denver' }
      : { values: { announcement: 'Registration opens Monday.' }, timeZone: 'America/Denver' },
  );
  await renderAsAdmin(<ConfigSection />);
  const user = userEvent.setup();
  const esAnnouncement = await screen.findByRole('textbox', { name: 'Announcement in Spanish (optional)' });
  expect(esAnnouncement).toHaveAccessibleDescription(`${HINT} Shown only while the announcement above is.`);
  await write(user, esAnnouncement, 'Las inscripciones abren el lunes.');
  await user.click(screen.getByRole('button', { name: 'Save settings' }));
  await waitFor(() =>
    expect(payloadsOf('saveConfig')).toEqual([
      {
        values: { announcement: 'Registration opens Monday.', announcementEs: 'Las inscripciones abren el lunes.' },
      },
    ]),
  );
});
