// `npm run bench -- lottery`: the draw at the large seed's size (60 classes, 500 families of three, each child
// ranking three classes of its grade, a third of the families keeping their children together, weights on), run
// and checked again from its export as `npm run lottery:verify` does, BENCH_LOTTERY_RUNS times (default 20), each
// with its own seed, in process (the draw is a pure function, so the figures are its own, not the table's). Then,
// through the local stack, the same lottery written into a semester, drawn and published through the API
// (BENCH_LOTTERY_PUBLISH_RUNS times, default 3, each in a semester of its own): the draw's call, and the
// publication's calls until it is published.
import { runDraw, summarizeDraw } from '../../lambdas/contract/lottery/draw';
import { verifyExport } from '../../lambdas/contract/lottery/drawExport';
import { openSemester } from '../support/fixtures';
import { closedLottery, drawAndPublish, LARGE, largeLotteryInput, writeLargeLottery } from '../support/largeLottery';
import { data, signInAdmin } from '../support/portal';
import { percentile, table } from './stats';

export function lotteryReport(): string {
  const runs = Number(process.env.BENCH_LOTTERY_RUNS ?? 20);
  const drawMs: number[] = [];
  const verifyMs: number[] = [];
  let summary = '';
  for (let run = 0; run < runs; run += 1) {
    const input = largeLotteryInput(`bench-${run}`);
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
    `Lottery draw: ${LARGE.classes} classes, ${LARGE.families * LARGE.children} requests of ${LARGE.families} families, ${runs} seeds (last: ${summary})`,
    table([['', 'median ms', 'p95 ms'], row('draw', drawMs), row('verify from the export', verifyMs)]),
  ].join('\n');
}

/** The draw and its publication through the stack (which must be running, its environment set). */
export async function lotteryPublicationReport(): Promise<string> {
  const runs = Number(process.env.BENCH_LOTTERY_PUBLISH_RUNS ?? 3);
  // A session of its own: the benchmarks before it outlive the fixtures' administrator session.
  const admin = (await signInAdmin()).accessToken;
  const rows: string[][] = [['', 'draw call ms', 'publication ms', 'publication calls']];
  for (let run = 0; run < runs; run += 1) {
    const semester = await openSemester();
    await writeLargeLottery(semester.id);
    await data('saveAllocationSettings', closedLottery(semester.id), admin);
    const { drawMs, publishMs, calls } = await drawAndPublish(semester.id, admin);
    rows.push([`run ${run + 1}`, drawMs.toFixed(0), publishMs.toFixed(0), String(calls)]);
  }
  return [
    `Lottery publication through the stack: ${LARGE.families * LARGE.children} requests over ${LARGE.classes} classes, ${runs} runs`,
    table(rows),
  ].join('\n');
}
