// Issue 34: a family that reads the portal in Spanish gets its refusals in Spanish (the web client sends the
// language as Accept-Language on every call); without the header, or in English, the spec's English word for
// word. The code and the details' fields are the same in every language. What the server writes into an answer (why
// a family may not enroll or send requests yet) is in the caller's language too.
import { adminSession, familyWithStudents, newClass, openSemester, studentInput } from '../support/fixtures';
import { data, post, type CallResult } from '../support/portal';
import type { FamilyLottery } from '../../lambdas/contract/records';
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

describe("what the server writes into a family's answers, in its language", () => {
  test('given a lottery whose requests open later and a registration open to a priority window only, then myLotteries and myRegistration say why in Spanish, and in English without it', async () => {
    const admin = (await adminSession()).accessToken;
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const lotterySemester = await openSemester();
    const lottery = { requestsOpen: at(1), requestsClose: at(24), resultsBy: at(48), seatsOpen: at(72), choices: 1 };
    await data('saveAllocationSettings', { semesterId: lotterySemester.id, lottery, priorityWindows: [] }, admin);
    const early = await openSemester({ registrationOpens: at(24) });
    const priorityWindows = [{ name: 'Staff', opens: at(-1), emails: ['someone-else@example.com'] }];
    await data('saveAllocationSettings', { semesterId: early.id, priorityWindows }, admin);
    const { family } = await familyWithStudents(0);
    const window = async (language?: string) =>
      (
        (await asFamily('myLotteries', {}, family.accessToken, language)).body.data as {
          lotteries: FamilyLottery[];
        }
      ).lotteries.find((each) => each.semester.id === lotterySemester.id)?.window.message;
    const standing = async (language?: string) =>
      (
        (await asFamily('myRegistration', {}, family.accessToken, language)).body.data as {
          semesters: Record<string, { message?: string }>;
        }
      ).semesters[early.id]?.message;

    expect(await window('es')).toMatch(new RegExp(`^Las solicitudes para ${lotterySemester.name} abren el `));
    expect(await window('en-US')).toMatch(new RegExp(`^Requests for ${lotterySemester.name} open on `));
    const [spanish, english] = [await standing('es'), await standing()];
    expect(english).toMatch(new RegExp(`^Registration for ${early.name} opens`));
    expect(spanish).toContain(early.name);
    expect(spanish).not.toMatch(/Registration|opens/);
  });
});
