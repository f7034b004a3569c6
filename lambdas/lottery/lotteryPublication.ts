// Publishing a lottery draw: its placements (the draw's export) written as enrollments and waitlist places
// through the seat planner (seatPlan/lottery.ts, command 'lottery'), in draw order, a transaction at a time. Each
// transaction also puts a mark of the placements it wrote (`PUBLISHED#<first>`, only if new): a retried or a
// concurrent publication finds the mark and goes on after it, so nothing is written twice, and the chunks
// commit one after another in draw order (a publication starts a chunk only once the one before is marked),
// which is the waitlists' order. A condition that failed otherwise (a class's counts changed meanwhile) is
// read and planned again. The work goes on until the call's time is nearly up; the next call resumes it.
import { randomUUID } from 'node:crypto';
import type { DrawExport } from '../contract/lottery/drawExport';
import { portalBusy } from '../contract/errors';
import { transactWrite } from '../platform/transact';
import type { Actor } from '../platform/caller';
import { classesNow } from '../catalogue/classes';
import { enrollmentEntity } from '../enrollment/enrollments';
import { profileEntity } from '../families/families';
import { chunkEnd, chunkMark, drawExportOf, publishedChunks } from './lotteryDraws';
import { lotteryRequestsAt } from './records/lotteryRequests';
import { seatView, type LotteryPlacement, type SeatView } from '../enrollment/seatPlan/core';
import { plan } from '../enrollment/seatPlan/plan';
import { MAX_PLANS } from '../enrollment/seats';
import { seatTransaction } from '../enrollment/seatTransaction';
import { studentEntity } from '../families/students';
import { readinessRules, type ReadinessRules } from '../enrollment/childReadiness';
import { acceptancesOfStudents } from '../families/policies';
import { getSemester } from '../catalogue/semesters';
import { readConfigValues } from '../catalogue/settings';
import { enrollmentCapsOf, type EnrollmentCaps } from '../contract/configNames';
import type { Semester } from '../contract/records';

/**
 * Placements read and planned at a time: more than a transaction holds (a child seated or waiting takes five
 * items or more), but for children left unplaced, whose chunk simply stops here.
 */
const LOOKAHEAD = 24;

/** The draw's placements with the classes of their choices (a group's as the draw saw it), in draw order. */
export function placementsOf({ input, result }: DrawExport): LotteryPlacement[] {
  const groups = new Map(input.groups.map((group) => [group.id, group]));
  const lastOf = new Map(result.placements.map((placement, index) => [placement.familyId, index]));
  return result.placements.map((placement, index) => {
    const group = placement.choice?.kind === 'group' ? groups.get(placement.choice.id) : undefined;
    const classIds =
      placement.outcome === 'unplaced' || !placement.choice ? [] : (group?.classIds ?? [placement.choice.id]);
    return {
      familyId: placement.familyId,
      studentId: placement.studentId,
      unit: placement.unit,
      outcome: placement.outcome,
      ...(placement.choice && { choice: placement.choice }),
      ...(placement.rank && { rank: placement.rank }),
      classIds,
      ...(group && { group: { id: group.id, classIds: group.classIds } }),
      lastOfFamily: lastOf.get(placement.familyId) === index,
    };
  });
}

/** The placements from `start` that a transaction may take, ending with a whole unit. */
function ahead(placements: LotteryPlacement[], start: number): LotteryPlacement[] {
  let end = Math.min(placements.length, start + LOOKAHEAD);
  while (end < placements.length && placements[end]!.unit === placements[end - 1]!.unit) end += 1;
  return placements.slice(start, end);
}

/**
 * Writes the draw's placements not written yet, until `deadline` (epoch ms). The count written so far, of all
 * placements: done when they are equal.
 */
export async function publishPlacements(
  semesterId: string,
  drawId: string,
  by: Actor,
  deadline: number,
): Promise<{ written: number; total: number }> {
  const [exported, chunks, judgedBy] = await Promise.all([
    drawExportOf(semesterId, drawId),
    publishedChunks(semesterId, drawId),
    rulesNow(semesterId),
  ]);
  const placements = placementsOf(exported);
  const byFamily = familyPlacements(placements);
  const token = randomUUID();
  let start = 0;
  while (start < placements.length && Date.now() < deadline) {
    const done = chunks.get(start);
    if (done !== undefined) {
      start = done;
      continue;
    }
    start = await writeChunk(ahead(placements, start), { semesterId, drawId, start, by, token, byFamily, judgedBy });
  }
  return { written: start, total: placements.length };
}

/** What this call judges every child by, as enrolling would now: the semester, the readiness rules and the caps. */
async function rulesNow(semesterId: string): Promise<JudgedBy> {
  const config = await readConfigValues();
  const [semester, rules] = await Promise.all([getSemester(semesterId), readinessRules(config)]);
  return { semester, rules, caps: enrollmentCapsOf(config) };
}

interface JudgedBy {
  semester: Semester | undefined;
  rules: ReadinessRules;
  caps: EnrollmentCaps;
}

/** Each family's children in the draw, by family id. */
function familyPlacements(placements: LotteryPlacement[]): Map<string, LotteryPlacement[]> {
  const byFamily = new Map<string, LotteryPlacement[]>();
  for (const placement of placements)
    byFamily.set(placement.familyId, [...(byFamily.get(placement.familyId) ?? []), placement]);
  return byFamily;
}

/** Writes one chunk from `start` (or finds it written by another call): where the next one starts. */
async function writeChunk(
  placements: LotteryPlacement[],
  context: {
    semesterId: string;
    drawId: string;
    start: number;
    by: Actor;
    token: string;
    byFamily: Map<string, LotteryPlacement[]>;
    judgedBy: JudgedBy;
  },
): Promise<number> {
  const { semesterId, drawId, start, by, token, byFamily, judgedBy } = context;
  for (let plans = 0; plans < MAX_PLANS; plans += 1) {
    const now = new Date().toISOString();
    const view = await readView(semesterId, placements, byFamily, judgedBy);
    const planned = plan(view, { kind: 'lottery', semesterId, placements, by, reserved: 1 }, { now, token });
    if ('refusal' in planned) throw planned.refusal;
    const next = start + planned.outcome.taken;
    const leftOut = placements.slice(0, planned.outcome.taken).flatMap(({ familyId, studentId }) => {
      const { reason } = planned.outcome.results.get(studentId) ?? {};
      const firstName = view.students.get(studentId)?.firstName ?? '';
      return reason ? [{ familyId, studentId, firstName, reason }] : [];
    });
    const outcome = await transactWrite(
      seatTransaction(planned.writes, now, [chunkMark(semesterId, drawId, start, next, leftOut)]).items,
    );
    if (outcome.committed) return next;
    // Its mark is there: another call wrote this chunk.
    if (outcome.failed.has(0)) return (await chunkEnd(semesterId, drawId, start)) ?? next;
  }
  throw portalBusy('the classes kept changing while a chunk was published');
}

/**
 * What a chunk is planned from, strongly consistent: its classes, the enrollments of its children in the
 * classes of their choices, the children, their families' profiles (and counts), and the requests of its
 * children and of every child of the families whose last placement it holds (their earlier results tell the
 * family's e-mail); the children's policy acceptances, judged with the rules of the call (`judgedBy`).
 */
async function readView(
  semesterId: string,
  placements: LotteryPlacement[],
  byFamily: Map<string, LotteryPlacement[]>,
  { semester, rules, caps }: JudgedBy,
): Promise<SeatView> {
  const classIds = [...new Set(placements.flatMap((placement) => placement.classIds))];
  const familyIds = [...new Set(placements.map((placement) => placement.familyId))];
  const ending = placements.filter((placement) => placement.lastOfFamily);
  const asked = [...placements, ...ending.flatMap((placement) => byFamily.get(placement.familyId)!)];
  const [classes, enrollments, students, families, requests, accepted] = await Promise.all([
    classesNow(classIds),
    enrollmentEntity.getMany(
      placements.flatMap(({ studentId, classIds: ids }) => ids.map((classId) => ({ classId, studentId }))),
      { consistent: true },
    ),
    studentEntity.getMany(
      placements.map(({ familyId, studentId }) => ({ familyId, id: studentId })),
      { consistent: true },
    ),
    profileEntity.getMany(
      familyIds.map((familyId) => ({ familyId })),
      { consistent: true },
    ),
    lotteryRequestsAt(semesterId, [...new Map(asked.map((placement) => [placement.studentId, placement])).values()]),
    acceptancesOfStudents(placements, semesterId),
  ]);
  return seatView({
    classes,
    ...(semester && { semesters: new Map([[semester.id, semester]]) }),
    readiness: { rules, caps, accepted },
    enrollments: new Map(enrollments.map((entry) => [entry.id, entry])),
    students: new Map(students.map((student) => [student.id, student])),
    families: new Map(families.map((profile) => [profile.familyId, profile])),
    lotteryRequests: new Map(requests.map((request) => [request.studentId, request])),
  });
}
