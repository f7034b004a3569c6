// Issue 34: a family that reads the portal in Spanish gets its refusals in Spanish (the web client sends the
// language as Accept-Language on every call); without the header, or in English, the spec's English word for
// word. The code and the details are the same in every language.
import { familyWithStudents, newClass, openSemester, studentInput } from '../support/fixtures';
import { post, type CallResult } from '../support/portal';
import type { FunctionName } from '../../lambdas/contract/manifest';

const asFamily = (name: FunctionName, payload: unknown, token: string, language?: string): Promise<CallResult> =>
  post(name, JSON.stringify(payload), {
    authorization: `Bearer ${token}`,
    ...(language && { 'accept-language': language }),
  });

describe("a family's refusals in its language", () => {
  test('given a closed class, when a Spanish-speaking family enrolls, then the refusal is in Spanish with the class named; in English without the header', async () => {
    const semester = await openSemester();
    const cls = await newClass(semester.id, { name: 'Escalada en hielo', status: 'closed' });
    const { family, students } = await familyWithStudents(1);
    const payload = { studentId: students[0]!.id, classId: cls.id };

    const spanish = await asFamily('enroll', payload, family.accessToken, 'es-MX,es;q=0.9,en;q=0.8');
    expect(spanish).toEqual({
      status: 409,
      body: { error: { code: 'failed-precondition', message: 'Escalada en hielo ya no acepta inscripciones nuevas.' } },
    });
    const english = await asFamily('enroll', payload, family.accessToken);
    expect(english).toEqual({
      status: 409,
      body: { error: { code: 'failed-precondition', message: 'Escalada en hielo is closed to new enrollments.' } },
    });
    expect(await asFamily('enroll', payload, family.accessToken, 'en')).toEqual(english);
  });

  test("given a child's details without an emergency contact, then the field's problem is in Spanish, in the message and the details", async () => {
    const { family } = await familyWithStudents(0);
    const payload = studentInput({ emergencyContacts: [] });
    const spanish = await asFamily('saveStudent', payload, family.accessToken, 'es');
    const english = await asFamily('saveStudent', payload, family.accessToken);
    expect(spanish.status).toBe(400);
    expect(spanish.body.error).toEqual({
      code: 'invalid-argument',
      message: 'emergencyContacts: debe incluir al menos un contacto',
      details: { issues: [{ field: 'emergencyContacts', message: 'debe incluir al menos un contacto' }] },
    });
    expect(english.body.error).toEqual({
      code: 'invalid-argument',
      message: 'emergencyContacts: must list at least one contact',
      details: { issues: [{ field: 'emergencyContacts', message: 'must list at least one contact' }] },
    });
  });

  test('given a student that is not the family’s, then not found in Spanish; a language the portal does not speak gets English', async () => {
    const { family } = await familyWithStudents(0);
    const payload = { id: 'nobody' };
    expect((await asFamily('confirmStudentDetails', payload, family.accessToken, 'es')).body.error).toEqual({
      code: 'not-found',
      message: 'Ese estudiante no está en su cuenta.',
    });
    expect((await asFamily('confirmStudentDetails', payload, family.accessToken, 'fr-CA')).body.error).toEqual({
      code: 'not-found',
      message: 'There is no such student on your account.',
    });
  });
});
