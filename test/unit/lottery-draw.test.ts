// The lottery draw (lambdas/contract/lottery/draw.ts), for any classes, groups, families and requests: no class passes
// the seats it had, every request is seated, waitlisted or (no choice admits the child) left out exactly
// once, siblings kept together share one outcome, nobody gets a worse choice or waits while a better one they
// asked for still has room, the same input always gives the same result whatever order the requests are
// listed in, and weights change the chances as documented (statistical tests over fixed seeds).
import fc from 'fast-check';
import {
  choiceKey,
  type DrawChoice,
  type DrawInput,
  type DrawResult,
  runDraw,
  summarizeDraw,
} from '../../lambdas/contract/lottery/draw';
import { admitsGrade } from '../../lambdas/contract/grades';

const classIds = ['a', 'b', 'c', 'd', 'e'];
const groupIds = ['g1', 'g2'];

const gradeLimits = fc.oneof(
  fc.constant({}),
  fc.integer({ min: 0, max: 6 }).map((min) => ({ minGrade: min, maxGrade: min + 3 })),
);
const choice: fc.Arbitrary<DrawChoice> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...classIds).map((id) => ({ kind: 'class' as const, id })) },
  { weight: 1, arbitrary: fc.constantFrom(...groupIds).map((id) => ({ kind: 'group' as const, id })) },
);

/** A family of one to three children, each with up to three distinct ranked choices (siblings often share them). */
const family = fc.record({
  keepTogether: fc.boolean(),
  losses: fc.nat(3),
  shared: fc.uniqueArray(choice, { minLength: 1, maxLength: 3, selector: choiceKey }),
  children: fc.array(
    fc.record({
      grade: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }),
      own: fc.option(fc.uniqueArray(choice, { minLength: 1, maxLength: 3, selector: choiceKey }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

const drawInput: fc.Arbitrary<DrawInput> = fc
  .record({
    seed: fc.string({ minLength: 1, maxLength: 12 }),
    weighted: fc.boolean(),
    classes: fc.tuple(...classIds.map(() => fc.record({ seatsLeft: fc.nat(5), grades: gradeLimits }))),
    groups: fc.tuple(
      ...groupIds.map(() => fc.uniqueArray(fc.constantFrom(...classIds), { minLength: 2, maxLength: 3 })),
    ),
    families: fc.array(family, { maxLength: 25 }),
  })
  .map(({ seed, weighted, classes, groups, families }) => ({
    seed,
    weighted,
    classes: classes.map(({ seatsLeft, grades }, index) => ({ id: classIds[index]!, seatsLeft, ...grades })),
    groups: groups.map((ids, index) => ({ id: groupIds[index]!, classIds: ids })),
    families: families.map(({ keepTogether, losses }, index) => ({ id: `f${index}`, keepTogether, losses })),
    requests: families.flatMap(({ shared, children }, familyIndex) =>
      children.map(({ grade, own }, childIndex) => ({
        familyId: `f${familyIndex}`,
        studentId: `s${familyIndex}-${childIndex}`,
        ...(grade !== undefined && { grade }),
        choices: own ?? shared,
      })),
    ),
  }));

const classesOf = (input: DrawInput, choice: DrawChoice) =>
  choice.kind === 'class' ? [choice.id] : input.groups.find((group) => group.id === choice.id)!.classIds;

const admitted = (input: DrawInput, choice: DrawChoice, grade: number | undefined) =>
  classesOf(input, choice).every((id) => {
    const cls = input.classes.find((each) => each.id === id)!;
    if (cls.minGrade === undefined && cls.maxGrade === undefined) return true;
    return grade !== undefined && admitsGrade(cls, grade);
  });

/** Whether a choice admits every child drawn in the unit. */
const unitAdmits = (input: DrawInput, result: DrawResult, unit: string, choice: DrawChoice) =>
  result.placements
    .filter((placement) => placement.unit === unit)
    .every(({ studentId }) => admitted(input, choice, input.requests.find((r) => r.studentId === studentId)!.grade));

const seatedIn = (input: DrawInput, result: DrawResult, classId: string) =>
  result.placements.filter(
    (placement) => placement.outcome === 'enrolled' && classesOf(input, placement.choice!).includes(classId),
  ).length;

test('no class gets more children than the seats it had, and its seats left are what it had less those seated', () => {
  fc.assert(
    fc.property(drawInput, (input) => {
      const result = runDraw(input);
      for (const cls of input.classes) {
        const seated = seatedIn(input, result, cls.id);
        expect(seated).toBeLessThanOrEqual(cls.seatsLeft);
        expect(result.seatsLeft[cls.id]).toBe(cls.seatsLeft - seated);
      }
    }),
  );
});

test('every request is placed exactly once: seated or waitlisted in one of its own choices, or left out only when none admits the child', () => {
  fc.assert(
    fc.property(drawInput, (input) => {
      const result = runDraw(input);
      expect(result.placements.map((p) => p.studentId).sort()).toEqual(input.requests.map((r) => r.studentId).sort());
      for (const placement of result.placements) {
        const request = input.requests.find((r) => r.studentId === placement.studentId)!;
        if (placement.outcome === 'unplaced') {
          expect(request.choices.some((c) => admitted(input, c, request.grade))).toBe(false);
          continue;
        }
        expect(request.choices[placement.rank! - 1]).toEqual(placement.choice);
        expect(unitAdmits(input, result, placement.unit, placement.choice!)).toBe(true);
      }
    }),
  );
});

test('siblings kept together who asked for the same choices, one of which admits them all, are seated together or waitlisted together, one after the other', () => {
  fc.assert(
    fc.property(drawInput, (input) => {
      const result = runDraw(input);
      const keep = new Set(input.families.filter((f) => f.keepTogether).map((f) => f.id));
      const byStudent = new Map(result.placements.map((p, index) => [p.studentId, { ...p, index }]));
      for (const a of input.requests) {
        for (const b of input.requests) {
          if (a === b || a.familyId !== b.familyId || !keep.has(a.familyId)) continue;
          if (a.choices.map(choiceKey).join() !== b.choices.map(choiceKey).join()) continue;
          // Siblings no one choice admits all of are drawn one by one.
          const siblings = input.requests.filter(
            (r) => r.familyId === a.familyId && r.choices.map(choiceKey).join() === a.choices.map(choiceKey).join(),
          );
          if (!a.choices.some((c) => siblings.every((r) => admitted(input, c, r.grade)))) continue;
          const [pa, pb] = [byStudent.get(a.studentId)!, byStudent.get(b.studentId)!];
          expect(pb.outcome).toBe(pa.outcome);
          expect(pb.choice).toEqual(pa.choice);
          expect(pb.unit).toBe(pa.unit);
        }
      }
      // A unit's children are consecutive in the result, so they join a waitlist one after the other.
      const units = result.placements.map((p) => p.unit);
      const seen = new Set<string>();
      units.forEach((unit, index) => {
        if (index > 0 && units[index - 1] === unit) return;
        expect(seen.has(unit)).toBe(false);
        seen.add(unit);
      });
    }),
  );
});

test('ranked choices are respected: a child seated in a choice, or waiting, had no room together in any better choice admitting them', () => {
  fc.assert(
    fc.property(drawInput, (input) => {
      const result = runDraw(input);
      const unitSize = new Map<string, number>();
      for (const { unit } of result.placements) unitSize.set(unit, (unitSize.get(unit) ?? 0) + 1);
      // Seats only ever go down during a draw, so a better choice that lacks room at the end lacked it then.
      const lacksRoom = (choice: DrawChoice, size: number) =>
        classesOf(input, choice).some((id) => result.seatsLeft[id]! < size);
      for (const placement of result.placements) {
        if (placement.outcome === 'unplaced') continue;
        const request = input.requests.find((r) => r.studentId === placement.studentId)!;
        const size = unitSize.get(placement.unit)!;
        const better = placement.outcome === 'enrolled' ? placement.rank! - 1 : request.choices.length;
        const admits = (choice: DrawChoice) => unitAdmits(input, result, placement.unit, choice);
        for (const choice of request.choices.slice(0, better)) {
          if (admits(choice)) expect(lacksRoom(choice, size)).toBe(true);
        }
        // A waiting child waits for the best choice that admits their unit.
        if (placement.outcome === 'waitlisted') expect(placement.choice).toEqual(request.choices.find(admits));
      }
    }),
  );
});

test('the same seed and requests always give the same result, whatever order the requests are listed in', () => {
  fc.assert(
    fc.property(
      drawInput.chain((input) =>
        fc.tuple(fc.constant(input), fc.shuffledSubarray(input.requests, { minLength: input.requests.length })),
      ),
      ([input, shuffled]) => {
        const result = runDraw(input);
        expect(runDraw(structuredClone(input))).toEqual(result);
        expect(runDraw({ ...input, requests: shuffled })).toEqual(result);
      },
    ),
  );
});

test('a draw another seed gives is usually another order', () => {
  const input = (seed: string): DrawInput => ({
    seed,
    weighted: false,
    classes: [{ id: 'a', seatsLeft: 1 }],
    groups: [],
    families: [],
    requests: Array.from({ length: 10 }, (_, index) => ({
      familyId: `f${index}`,
      studentId: `s${index}`,
      choices: [{ kind: 'class', id: 'a' }],
    })),
  });
  const orders = new Set(['one', 'two', 'three', 'four'].map((seed) => runDraw(input(seed)).order.join()));
  expect(orders.size).toBeGreaterThan(1);
});

/** How often each family's child is drawn first for one seat, over `runs` fixed seeds. */
function firstDrawn(losses: number[], weighted: boolean, runs: number): number[] {
  const wins = losses.map(() => 0);
  for (let run = 0; run < runs; run += 1) {
    const result = runDraw({
      seed: `statistical-${run}`,
      weighted,
      classes: [{ id: 'a', seatsLeft: 1 }],
      groups: [],
      families: losses.map((count, index) => ({ id: `f${index}`, keepTogether: false, losses: count })),
      requests: losses.map((_, index) => ({
        familyId: `f${index}`,
        studentId: `s${index}`,
        choices: [{ kind: 'class', id: 'a' }],
      })),
    });
    const winner = result.placements.find((p) => p.outcome === 'enrolled')!;
    wins[Number(winner.familyId.slice(1))]! += 1;
  }
  return wins;
}

/** Within four standard deviations of a binomial's mean: the seeds are fixed, so the outcome is too. */
function expectShare(count: number, runs: number, share: number) {
  const sd = Math.sqrt(runs * share * (1 - share));
  expect(Math.abs(count - runs * share)).toBeLessThan(4 * sd);
}

test('with weights on, a family gets one more ticket per earlier loss: losses 0, 1, 2 win one seat 1/6, 2/6, 3/6 of the time', () => {
  const runs = 6000;
  const wins = firstDrawn([0, 1, 2], true, runs);
  expectShare(wins[0]!, runs, 1 / 6);
  expectShare(wins[1]!, runs, 2 / 6);
  expectShare(wins[2]!, runs, 3 / 6);
  // And the two are told apart: equal chances would put the first near 2,000, four deviations from 1,000.
  expect(wins[0]!).toBeLessThan(wins[1]!);
  expect(wins[1]!).toBeLessThan(wins[2]!);
});

test('with weights off (the default), earlier losses change nothing: each of three families wins a third of the time', () => {
  const runs = 6000;
  const wins = firstDrawn([0, 1, 2], false, runs);
  for (const count of wins) expectShare(count, runs, 1 / 3);
});

test('the summary counts children by the rank they got, the waitlisted, and siblings kept together', () => {
  const result = runDraw({
    seed: 'summary',
    weighted: false,
    classes: [
      { id: 'a', seatsLeft: 2 },
      { id: 'b', seatsLeft: 0 },
    ],
    groups: [],
    families: [{ id: 'f0', keepTogether: true, losses: 0 }],
    requests: [
      {
        familyId: 'f0',
        studentId: 's0',
        choices: [
          { kind: 'class', id: 'b' },
          { kind: 'class', id: 'a' },
        ],
      },
      {
        familyId: 'f0',
        studentId: 's1',
        choices: [
          { kind: 'class', id: 'b' },
          { kind: 'class', id: 'a' },
        ],
      },
      { familyId: 'f1', studentId: 's2', choices: [{ kind: 'class', id: 'b' }] },
    ],
  });
  expect(summarizeDraw(result)).toEqual({ requests: 3, byRank: [0, 2], waitlisted: 1, unplaced: 0, siblingUnits: 1 });
});
