// The one way forms save (web/src/api/useSave.ts): the shared schema's messages under the fields before any
// call, the server's 400 under the field it names when the form shows it, and above the buttons otherwise.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { configValues, studentInput } from '../../lambdas/contract/records';
import { fieldSentence, schemaProblems, useSave } from '../../web/src/api/useSave';
import { studentFieldName } from '../../web/src/account/students/studentDraft';
import { CODE_MAX, codeProblem, labelProblem } from '../../web/src/admin/tshirts/sizeList';
import { loadRuntimeConfig } from '../../web/src/runtimeConfig';

const config = { region: 'local', userPoolId: 'pool', userPoolClientId: 'client', apiBaseUrl: '/api' };
const student = {
  firstName: 'Alex',
  lastName: 'Tester',
  birthDate: '2015-04-01',
  tshirtSize: 'YM',
  emergencyContacts: [{ name: 'Sam Tester', phone: '555 0100' }],
};

let answers: Array<{ status: number; body: unknown }>;
let calls: number;
beforeEach(async () => {
  calls = 0;
  globalThis.fetch = jest.fn(async (url: string) => {
    if (url === '/config.json') return { ok: true, status: 200, json: async () => config } as Response;
    const { status, body } = answers[calls++]!;
    return { ok: status < 300, status, json: async () => body } as Response;
  }) as typeof fetch;
  await loadRuntimeConfig();
});

const refusal = (message: string) => ({ status: 400, body: { error: { code: 'invalid-argument', message } } });
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

test('given a payload, then the schema names each field at fault once, an empty one "is required"', () => {
  const problems = schemaProblems(studentInput, {
    ...student,
    firstName: '',
    birthDate: '',
    emergencyContacts: [{ name: 'Sam', phone: 'call me' }],
  });
  expect(problems).toEqual({
    firstName: 'is required',
    birthDate: 'is required',
    'emergencyContacts[0].phone': 'must be a phone number',
  });
  expect(schemaProblems(studentInput, student)).toEqual({});
  expect(schemaProblems(configValues, { contactEmail: 'help at the lodge' }, 'values')).toEqual({
    'values.contactEmail': 'must be an e-mail address',
  });
});

test('given problems the schema or the form finds, then no call is made and the messages are under the fields', async () => {
  answers = [];
  const { result } = renderHook(() => useSave('saveStudent', { schema: studentInput, shows: () => true }), { wrapper });
  let saved: unknown;
  await act(async () => {
    saved = await result.current.save({ ...student, lastName: ' ' }, { birthDate: 'must be in the past' });
  });
  expect(saved).toBeUndefined();
  expect(result.current.errors).toEqual({ lastName: 'is required', birthDate: 'must be in the past' });
  expect(calls).toBe(0);
});

test("given the server's 400 about a field the form shows, then it is under that field; about another, above the buttons", async () => {
  answers = [refusal('birthDate: must be in the past'), refusal('id: there is no such student')];
  const { result } = renderHook(
    () => useSave('saveStudent', { schema: studentInput, shows: (field) => field !== 'id' }),
    { wrapper },
  );
  await act(async () => void (await result.current.save(student)));
  expect(result.current.errors).toEqual({ birthDate: 'must be in the past' });
  expect(result.current.message).toBeUndefined();
  await act(async () => void (await result.current.save(student)));
  expect(result.current.errors).toEqual({});
  expect(result.current.message).toBe('id: there is no such student');
});

test('given a saved payload, then the answer comes back', async () => {
  answers = [{ status: 200, body: { data: { student: { ...student, id: 's1' } } } }];
  const { result } = renderHook(() => useSave('saveStudent', { schema: studentInput, shows: () => true }), { wrapper });
  let saved: unknown;
  await act(async () => {
    saved = await result.current.save(student);
  });
  expect(saved).toEqual({ student: { ...student, id: 's1' } });
});

test("the t-shirt size editor's rules are the schema's, said of the code or the label", () => {
  expect(codeProblem('', [])).toBe('A code is required');
  expect(codeProblem('X'.repeat(CODE_MAX), [])).toBeUndefined();
  expect(codeProblem('X'.repeat(CODE_MAX + 1), [])).toBe(`A code must be at most ${CODE_MAX} characters`);
  expect(codeProblem(' ym ', [{ code: 'YM', label: 'Youth M' }])).toBe('ym is already a size');
  expect(labelProblem('  ')).toBe('A label is required');
  expect(labelProblem('Youth M')).toBeUndefined();
});

test("given a form's names for its fields, then each problem reads as a sentence naming the field, never a format the field does not show", () => {
  expect(fieldSentence(studentFieldName('firstName'), 'is required')).toBe("Enter the child's first name");
  expect(fieldSentence(studentFieldName('tshirtSize'), 'is required')).toBe('Choose a t-shirt size');
  expect(fieldSentence(studentFieldName('birthDate'), 'must be 1900-01-01 or later')).toBe(
    'Enter a birth date from January 1, 1900 on',
  );
  expect(fieldSentence(studentFieldName('birthDate'), 'must be in the past')).toBe(
    "The child's birth date must be in the past",
  );
  expect(fieldSentence(studentFieldName('emergencyContacts[1].phone'), 'must be a phone number')).toBe(
    "Enter contact 2's phone number with at least 7 digits (spaces, +, -, ( ) allowed)",
  );
  expect(fieldSentence(studentFieldName('lastName'), 'must be at most 60 characters')).toBe(
    "The child's last name must be at most 60 characters",
  );
  expect(fieldSentence(undefined, 'is required')).toBe('is required');
});
