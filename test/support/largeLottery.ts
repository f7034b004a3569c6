// A lottery at the large seed's size (60 classes, 500 families of three, each child ranking three classes of
// its grade, a third of the families keeping their children together, weights on): the draw's input as a pure
// value (the draw's benchmark), and written into a running stack with the portal's own data modules (the
// publication's integration test and benchmark), so that the draw and its publication run through the stack.
import { randomUUID } from 'node:crypto';
import type { LotteryDrawState } from '../../lambdas/contract/lottery/records';
import type { DrawInput } from '../../lambdas/contract/lottery/draw';
import type { StoredStudent } from '../../lambdas/families/students';

export const LARGE = { classes: 60, families: 500, children: 3 } as const;

/** A fixed pseudo-random sequence (a 32-bit linear congruential generator), so every run draws the same requests. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % below;
  };
}

/** The large lottery's draw input, with `seed`. */
export function largeLotteryInput(seed: string): DrawInput {
  const next = sequence(2027);
  // Classes of two grades each, 6 to 25 seats; the first ten are the popular ones.
  const classes = Array.from({ length: LARGE.classes }, (_, index) => ({
    id: `class-${index}`,
    seatsLeft: 6 + next(20),
    minGrade: index % 12,
    maxGrade: (index % 12) + 1,
  }));
  const families = Array.from({ length: LARGE.families }, (_, index) => ({
    id: `family-${index}`,
    keepTogether: index % 3 === 0,
    losses: next(3),
  }));
  const requests = families.flatMap((family, familyIndex) =>
    Array.from({ length: LARGE.children }, (_, child) => {
      const grade = next(12);
      const fitting = classes.filter((cls) => cls.minGrade <= grade && grade <= cls.maxGrade);
      const popular = fitting.filter((cls) => Number(cls.id.split('-')[1]) < 10);
      const ranked = [...new Set([...(popular.length ? [popular[next(popular.length)]!] : []), ...fitting])].slice(
        0,
        3,
      );
      return {
        familyId: family.id,
        studentId: `student-${familyIndex}-${child}`,
        grade,
        choices: ranked.map((cls) => ({ kind: 'class' as const, id: cls.id })),
      };
    }),
  );
  return { seed, weighted: true, classes, groups: [], families, requests };
}

/** Runs `work` on every item, `size` at a time. */
async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) await work(items[index]!);
  };
  await Promise.all(Array.from({ length: size }, worker));
}

/**
 * Writes the large lottery's classes, children and requests into the semester, straight into the stack's table
 * (the process's environment names it): ids of their own, so that runs never meet. The ids given to the input's
 * classes and children.
 */
export async function writeLargeLottery(semesterId: string): Promise<{ classIds: Map<string, string> }> {
  // The portal's modules read the table's name when they load: only once the stack's environment is set.
  const [{ createClass }, { studentEntity }, { putLotteryRequests }, { writeAll }] = await Promise.all([
    import('../../lambdas/catalogue/classes'),
    import('../../lambdas/families/students'),
    import('../../lambdas/lottery/records/lotteryRequests'),
    import('../../lambdas/platform/dynamo'),
  ]);
  const input = largeLotteryInput('unused');
  const run = randomUUID().slice(0, 8);
  const classIds = new Map(input.classes.map((cls) => [cls.id, `${run}-${cls.id}`]));
  await inPool(input.classes, 12, (cls) =>
    createClass({
      id: classIds.get(cls.id)!,
      semesterId,
      name: `Large ${cls.id}`,
      description: '',
      location: 'Summit Lodge',
      instructor: 'Test Instructor',
      meetings: [],
      capacity: cls.seatsLeft,
      minGrade: cls.minGrade,
      maxGrade: cls.maxGrade,
      status: 'open',
    }),
  );
  const keepTogether = new Map(input.families.map((family) => [family.id, family.keepTogether]));
  const now = new Date().toISOString();
  const students = input.requests.map(
    (request): StoredStudent => ({
      id: `${run}-${request.studentId}`,
      familyId: `${run}-${request.familyId}`,
      firstName: `Child ${request.studentId.split('-').at(-1)}`,
      lastName: request.familyId,
      birthDate: '2014-03-15',
      grade: request.grade,
      tshirtSize: 'YM',
      emergencyContacts: [{ name: 'Jordan Tester', phone: '+1 555 010 0100', relationship: 'parent' }],
      pickupAdults: [],
      createdAt: now,
      updatedAt: now,
    }),
  );
  // Written in batches, as they are, several at once: the families' own calls would take minutes.
  const slices = <T>(items: T[]) =>
    Array.from({ length: Math.ceil(items.length / 100) }, (_, index) => items.slice(index * 100, index * 100 + 100));
  await inPool(slices(students), 8, (some) => writeAll(some.map((student) => studentEntity.item(student))));
  const requests = input.requests.map((request, index) => ({
    familyId: students[index]!.familyId,
    semesterId,
    studentId: students[index]!.id,
    choices: request.choices.map((choice) => ({ kind: choice.kind, id: classIds.get(choice.id)! })),
    keepTogether: keepTogether.get(request.familyId)!,
    updatedAt: now,
  }));
  await inPool(slices(requests), 8, putLotteryRequests);
  return { classIds };
}

/** A lottery whose requests closed: the draw may run, and first come first served opens in a day. */
export function closedLottery(semesterId: string) {
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  const HOUR = 3_600_000;
  return {
    semesterId,
    priorityWindows: [],
    lottery: {
      requestsOpen: at(-3 * HOUR),
      requestsClose: at(-2 * HOUR),
      resultsBy: at(-HOUR),
      seatsOpen: at(24 * HOUR),
      choices: 3,
      weighted: true,
    },
  };
}

/**
 * Runs the semester's draw and publishes it through the portal's API, as the administrator's page does (calling
 * again while the answer says it is still being published). The draw, and how long each took.
 */
export async function drawAndPublish(semesterId: string, adminToken: string) {
  const { data } = await import('./portal');
  const started = performance.now();
  const { draw } = await data<{ draw: LotteryDrawState }>('runLotteryDraw', { semesterId }, adminToken);
  const drawn = performance.now();
  let calls = 0;
  for (let status = draw.status; status !== 'published'; calls += 1)
    ({ status } = (
      await data<{ draw: LotteryDrawState }>('publishLotteryDraw', { semesterId, drawId: draw.drawId }, adminToken)
    ).draw);
  return { draw, drawMs: drawn - started, publishMs: performance.now() - drawn, calls };
}
