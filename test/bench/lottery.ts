// `npm run bench -- lottery`: the draw at the large seed's size (60 classes, 500 families of three, each child
// ranking three classes of its grade, a third of the families keeping their children together, weights on), run
// and checked again from its export as `npm run lottery:verify` does, BENCH_LOTTERY_RUNS times (default 20), each
// with its own seed. In process: the draw is a pure function, so the figures are its own, not the table's.
import { type DrawInput, runDraw, summarizeDraw } from '../../lambdas/lottery/draw';
import { verifyExport } from '../../lambdas/lottery/drawExport';
import { percentile, table } from './stats';

const CLASSES = 60;
const FAMILIES = 500;
const CHILDREN = 3;

/** A fixed pseudo-random sequence (a 32-bit linear congruential generator), so every run draws the same requests. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % below;
  };
}

function largeInput(seed: string): DrawInput {
  const next = sequence(2027);
  // Classes of two grades each, 6 to 25 seats; the first ten are the popular ones.
  const classes = Array.from({ length: CLASSES }, (_, index) => ({
    id: `class-${index}`,
    seatsLeft: 6 + next(20),
    minGrade: index % 12,
    maxGrade: (index % 12) + 1,
  }));
  const families = Array.from({ length: FAMILIES }, (_, index) => ({
    id: `family-${index}`,
    keepTogether: index % 3 === 0,
    losses: next(3),
  }));
  const requests = families.flatMap((family, familyIndex) =>
    Array.from({ length: CHILDREN }, (_, child) => {
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

export function lotteryReport(): string {
  const runs = Number(process.env.BENCH_LOTTERY_RUNS ?? 20);
  const drawMs: number[] = [];
  const verifyMs: number[] = [];
  let summary = '';
  for (let run = 0; run < runs; run += 1) {
    const input = largeInput(`bench-${run}`);
    const started = performance.now();
    const result = runDraw(input);
    drawMs.push(performance.now() - started);
    const checked = performance.now();
    if (!verifyExport({ input, result }).matches) throw new Error('The draw did not match its own export.');
    verifyMs.push(performance.now() - checked);
    const { byRank, waitlisted, siblingUnits } = summarizeDraw(result);
    summary = `first choice ${byRank[0] ?? 0}, second ${byRank[1] ?? 0}, third ${byRank[2] ?? 0}, waitlisted ${waitlisted}, sibling units ${siblingUnits}`;
  }
  const row = (name: string, values: number[]) => [
    name,
    percentile(values, 50).toFixed(1),
    percentile(values, 95).toFixed(1),
  ];
  return [
    `Lottery draw: ${CLASSES} classes, ${FAMILIES * CHILDREN} requests of ${FAMILIES} families, ${runs} seeds (last: ${summary})`,
    table([['', 'median ms', 'p95 ms'], row('draw', drawMs), row('verify from the export', verifyMs)]),
  ].join('\n');
}
