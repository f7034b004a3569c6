// Lottery requests: while requests are taken a family saves each child's ranked choices with "keep my children
// together", changes and withdraws them; outside the window (a priority group's earlier opening included) it is
// refused with when it may; choices are held to the lottery's number, its semester, open classes and grades; and
// everyone reads when a lottery takes requests (`lotteries`).
import type { FamilyLottery, LotteryRequest, LotteryView, Semester } from '../../lambdas/contract/records';
import { programmeMoment } from '../support/programmeTime';
import { adminSession, familyWithStudents, newClass, newGroup, openSemester } from '../support/fixtures';
import { call, data } from '../support/portal';

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const when = programmeMoment;

async function lotterySemester(requestsOpen: string, priorityWindows: unknown[] = []) {
  const semester = await openSemester();
  const lottery = {
    requestsOpen,
    requestsClose: at(24 * HOUR),
    resultsBy: at(48 * HOUR),
    seatsOpen: at(72 * HOUR),
    choices: 2,
    weighted: false,
    drawAtClose: false,
  };
  await data(
    'saveAllocationSettings',
    { semesterId: semester.id, lottery, priorityWindows },
    (await adminSession()).accessToken,
  );
  return { semester, lottery };
}

const lotteryOf = async (token: string, semester: Semester) =>
  (await data<{ lotteries: FamilyLottery[] }>('myLotteries', {}, token)).lotteries.find(
    (each) => each.semester.id === semester.id,
  )!;

test('given requests open, a family saves ranked choices for two children kept together, changes and withdraws them', async () => {
  const { semester, lottery } = await lotterySemester(at(-HOUR));
  const [nordic, climbing, other] = [
    await newClass(semester.id),
    await newClass(semester.id),
    await newClass(semester.id),
  ];
  const pack = await newGroup(semester.id, [climbing.id, other.id]);
  const { family, students } = await familyWithStudents(2, 'lottery-family');
  const [ava, ben] = students;
  const choices = [
    { kind: 'class', id: nordic.id },
    { kind: 'group', id: pack.id },
  ];

  const before = await lotteryOf(family.accessToken, semester);
  expect(before).toEqual({
    semester,
    lottery,
    window: { open: true },
    requests: [],
    // The commitment to the draw's seed, made when the lottery was set (test/integration/lottery-seed.test.ts).
    commitments: [{ hash: expect.stringMatching(/^[0-9a-f]{64}$/), committedAt: expect.any(String) }],
  });

  await data('saveLotteryRequest', { semesterId: semester.id, studentId: ava!.id, choices }, family.accessToken);
  const { requests } = await data<{ requests: LotteryRequest[] }>(
    'saveLotteryRequest',
    { semesterId: semester.id, studentId: ben!.id, choices, keepTogether: true },
    family.accessToken,
  );
  // "Keep together" is the family's: the first child's request follows.
  expect(
    requests
      .map(({ studentId, keepTogether }) => ({ studentId, keepTogether }))
      .sort((a, b) => a.studentId.localeCompare(b.studentId)),
  ).toEqual([ava!.id, ben!.id].sort().map((studentId) => ({ studentId, keepTogether: true })));
  expect((await lotteryOf(family.accessToken, semester)).requests).toHaveLength(2);

  const after = await data<{ requests: LotteryRequest[] }>(
    'withdrawLotteryRequest',
    { semesterId: semester.id, studentId: ava!.id },
    family.accessToken,
  );
  expect(after.requests.map((request) => request.studentId)).toEqual([ben!.id]);
  expect(
    (await call('withdrawLotteryRequest', { semesterId: semester.id, studentId: ava!.id }, family.accessToken)).status,
  ).toBe(404);
});

test('a request with more choices than the lottery takes, a class of another semester, a closed class or one outside the child’s grades is refused naming the choice, and nothing is saved', async () => {
  const { semester } = await lotterySemester(at(-HOUR));
  const [cls, older] = [await newClass(semester.id), await newClass(semester.id, { minGrade: 10, maxGrade: 12 })];
  const elsewhere = await newClass((await openSemester()).id);
  const { family, students } = await familyWithStudents(1, 'lottery-refused');
  const request = (choices: unknown[]) =>
    call('saveLotteryRequest', { semesterId: semester.id, studentId: students[0]!.id, choices }, family.accessToken);
  const three = await request([
    { kind: 'class', id: cls.id },
    { kind: 'class', id: older.id },
    { kind: 'class', id: elsewhere.id },
  ]);
  expect(three.body.error).toMatchObject({ code: 'invalid-argument', message: 'choices: must hold at most 2 choices' });
  expect((await request([{ kind: 'class', id: elsewhere.id }])).body.error!.message).toBe(
    `choices[0]: ${elsewhere.name} is not a class of ${semester.name}`,
  );
  expect(
    (
      await request([
        { kind: 'class', id: cls.id },
        { kind: 'class', id: older.id },
      ])
    ).body.error!.message,
  ).toBe(`choices[1]: ${older.name} is for grades 10–12, and Child1 is in grade 7.`);
  expect(
    (
      await request([
        { kind: 'class', id: cls.id },
        { kind: 'class', id: cls.id },
      ])
    ).status,
  ).toBe(400);
  expect((await lotteryOf(family.accessToken, semester)).requests).toEqual([]);
});

test('before requests open a family is refused with when it may; a family of a priority window opened sends its requests early', async () => {
  const { family: member, students: memberChildren } = await familyWithStudents(1, 'lottery-member');
  const { family: other, students: otherChildren } = await familyWithStudents(1, 'lottery-other');
  const requestsOpen = at(6 * HOUR);
  const { semester } = await lotterySemester(requestsOpen, [
    { name: 'Members', opens: at(-HOUR), emails: [member.email] },
  ]);
  const cls = await newClass(semester.id);
  const choices = [{ kind: 'class', id: cls.id }];
  expect(
    (
      await call(
        'saveLotteryRequest',
        { semesterId: semester.id, studentId: memberChildren[0]!.id, choices },
        member.accessToken,
      )
    ).status,
  ).toBe(200);
  const refused = await call(
    'saveLotteryRequest',
    { semesterId: semester.id, studentId: otherChildren[0]!.id, choices },
    other.accessToken,
  );
  expect(refused.status).toBe(409);
  expect(refused.body.error!.message).toBe(`Requests for ${semester.name} open on ${when(requestsOpen)}.`);
  expect((await lotteryOf(other.accessToken, semester)).window).toEqual({
    open: false,
    message: refused.body.error!.message,
  });
  expect((await lotteryOf(member.accessToken, semester)).window).toEqual({ open: true });
});

test('everyone, signed in or not, reads a lottery from `lotteries` until the seats left after its draw open to everyone', async () => {
  const { semester, lottery } = await lotterySemester(at(HOUR));
  const listed = async () =>
    (await data<{ lotteries: LotteryView[] }>('lotteries', {})).lotteries.find(
      (each) => each.semesterId === semester.id,
    );
  const { requestsOpen, requestsClose, resultsBy, seatsOpen } = lottery;
  expect(await listed()).toEqual({
    semesterId: semester.id,
    semesterName: semester.name,
    requestsOpen,
    requestsClose,
    resultsBy,
    seatsOpen,
  });

  // The seats left after the draw are open to everyone: first come first served from then, no lottery to tell of.
  const past = {
    requestsOpen: at(-4 * HOUR),
    requestsClose: at(-3 * HOUR),
    resultsBy: at(-2 * HOUR),
    seatsOpen: at(-HOUR),
  };
  await data(
    'saveAllocationSettings',
    { semesterId: semester.id, lottery: { ...lottery, ...past }, priorityWindows: [] },
    (await adminSession()).accessToken,
  );
  expect(await listed()).toBeUndefined();
});
