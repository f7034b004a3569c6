// The families a rush test or a benchmark makes before it measures, on a loaded machine or under DynamoDB's
// transaction conflicts. There the portal may answer a write 429 "very busy", which asks to try again in a
// moment. Making the families is not what is measured, so a child is added again after a pause, as a family
// would, and the benchmarks say how often that happened (setupBusyRetries). The 429 says nothing was saved,
// but locally it has been seen after the student was saved (the next try answered 409 already-exists): then
// the child is read from the family's students, as a family would find it in its list.
import type { Student, StudentInput } from '../../lambdas/contract/records';
import { studentInput } from './fixtures';
import { call, data, signUpFamily, type SignedIn } from './portal';

/** Up to 8 tries, a second longer apart each time (28 s in all): the engine is busy for seconds at a time under a hold. */
const ATTEMPTS = 8;
const PAUSE_MS = 1000;

let busyRetries = 0;
let savedAfterBusy = 0;
/** In this process so far: saveStudent calls sent again after a 429, and 429s after which the student turned out saved. */
export const setupBusyRetries = () => ({ sentAgain: busyRetries, savedAfter429: savedAfterBusy });
/** The counts since `before`, as the progress lines print them. */
export function setupBusyRetriesSince(before: ReturnType<typeof setupBusyRetries>): string {
  const now = setupBusyRetries();
  return `saveStudent sent again after a 429: ${now.sentAgain - before.sentAgain}, of them already saved: ${now.savedAfter429 - before.savedAfter429}`;
}

/** test/support/fixtures.ts's addStudent, sent again while the portal answers 429. */
export async function addStudentWhenNotBusy(family: SignedIn, overrides: Partial<StudentInput> = {}): Promise<Student> {
  const input = studentInput(overrides);
  for (let attempt = 1; ; attempt += 1) {
    const result = await call<{ student: Student }>('saveStudent', input, family.accessToken);
    if (result.status === 200) return result.body.data!.student;
    if (attempt > 1 && result.status === 409 && result.body.error?.code === 'already-exists') {
      savedAfterBusy += 1;
      const { students } = await data<{ students: Student[] }>('students', {}, family.accessToken);
      return students.find((student) => student.firstName === input.firstName && student.lastName === input.lastName)!;
    }
    if (result.status !== 429 || attempt === ATTEMPTS)
      throw new Error(`saveStudent answered ${result.status} (attempt ${attempt}): ${JSON.stringify(result.body)}`);
    busyRetries += 1;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt));
  }
}

/** test/support/fixtures.ts's familyWithStudents, its children added with addStudentWhenNotBusy. */
export async function familyWithChildren(
  count: number,
  name: string,
): Promise<{ family: SignedIn; students: Student[] }> {
  const family = await signUpFamily(name);
  const students: Student[] = [];
  for (let index = 0; index < count; index += 1)
    students.push(await addStudentWhenNotBusy(family, { firstName: `Child${index + 1}` }));
  return { family, students };
}
