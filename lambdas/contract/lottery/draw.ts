// The lottery draw: a pure function of the requests, the classes as they stand and a seed. No clock, no I/O,
// no shared randomness: anyone holding the export of a draw (its input and its result) can run it again
// (`npm run lottery:verify -- <export.json>`) and check that the published result is the one the seed gives.
//
// - Units. Each child's request is drawn on its own, except that a family asking to keep its children
//   together has the children who gave the same choices in the same order drawn as one unit: they get seats
//   in one class (or group) together or join its waitlist together, one after the other.
// - Order. Each unit gets a ticket number from SHA-256 of the seed and the unit's student ids, read as a
//   number u in (0, 1), and the units are placed by -ln(u) / tickets, smallest first (exponential races,
//   Efraimidis and Spirakis): a unit with twice the tickets is twice as likely to come before another. A unit
//   has one ticket, plus one per draw its family lost before when weights are on. SHA-256 rather than a
//   seeded generator because each unit's number depends only on the seed and that unit, so the order does
//   not depend on the order the requests are listed in, and any language can recompute it.
// - Placement, in draw order: a unit takes its best-ranked choice that admits every child's grade and has a
//   seat for each of them in every class of the choice (a group is all or nothing); with none, it joins the
//   waitlist of its best-ranked choice that admits every child's grade. Siblings no one choice admits all
//   of (a grade changed since they asked) are placed one by one in their unit's turn; a child no choice
//   admits is left out ("unplaced"), and the result says so.
import { createHash } from 'node:crypto';
import { admitsGrade } from '../grades';

/** A ranked choice: one class, or a class group (a seat in each of its classes, or none). */
export interface DrawChoice {
  kind: 'class' | 'group';
  id: string;
}

/** A class as the draw sees it: the seats it has left for the draw, and its grades. */
interface DrawClass {
  id: string;
  seatsLeft: number;
  minGrade?: number;
  maxGrade?: number;
}

interface DrawGroup {
  id: string;
  classIds: string[];
}

/** One child's request: ranked choices, best first. */
interface DrawRequest {
  familyId: string;
  studentId: string;
  grade?: number;
  choices: DrawChoice[];
}

interface DrawFamily {
  id: string;
  keepTogether: boolean;
  /** The programme's earlier draws in which the family got no seat. */
  losses: number;
}

export interface DrawInput {
  seed: string;
  /** One extra ticket per earlier loss. */
  weighted: boolean;
  classes: DrawClass[];
  groups: DrawGroup[];
  families: DrawFamily[];
  requests: DrawRequest[];
}

type DrawOutcome = 'enrolled' | 'waitlisted' | 'unplaced';

/** What one child's request came to; `rank` is 1 for the first choice. */
interface Placement {
  familyId: string;
  studentId: string;
  outcome: DrawOutcome;
  choice?: DrawChoice;
  rank?: number;
  /** The unit the child was drawn in (their student ids, joined by commas). */
  unit: string;
}

export interface DrawResult {
  /** The units, in draw order. */
  order: string[];
  /** Every request's placement, in draw order (so the waitlisted ones are in the order they join). */
  placements: Placement[];
  /** The seats each class has left after the draw. */
  seatsLeft: Record<string, number>;
}

interface Unit {
  key: string;
  requests: DrawRequest[];
  tickets: number;
  ticket: number;
}

export const choiceKey = (choice: DrawChoice) => `${choice.kind}:${choice.id}`;

/** The ticket number of a unit, in (0, 1): the first 48 bits of SHA-256(seed, newline, unit key), plus a half. */
function ticketNumber(seed: string, unitKey: string): number {
  const digest = createHash('sha256').update(`${seed}\n${unitKey}`).digest();
  return (digest.readUIntBE(0, 6) + 0.5) / 2 ** 48;
}

/** The units of the draw: one per child, or one per keep-together family's children with the same choices. */
function unitsOf(input: DrawInput): Omit<Unit, 'ticket'>[] {
  const families = new Map(input.families.map((family) => [family.id, family]));
  const byKey = new Map<string, DrawRequest[]>();
  const sorted = [...input.requests].sort((a, b) =>
    a.studentId < b.studentId ? -1 : a.studentId > b.studentId ? 1 : 0,
  );
  for (const request of sorted) {
    const together = families.get(request.familyId)?.keepTogether ?? false;
    const key = together
      ? `${request.familyId}|${request.choices.map(choiceKey).join(',')}`
      : `${request.familyId}|${request.studentId}`;
    (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(request);
  }
  return [...byKey.values()].map((requests) => {
    const family = families.get(requests[0]!.familyId);
    return {
      key: requests.map((request) => request.studentId).join(','),
      requests,
      tickets: input.weighted ? 1 + Math.max(0, family?.losses ?? 0) : 1,
    };
  });
}

/** The units in draw order (see the module's comment). */
function drawOrder(input: DrawInput): Unit[] {
  const units = unitsOf(input).map((unit) => ({
    ...unit,
    ticket: -Math.log(ticketNumber(input.seed, unit.key)) / unit.tickets,
  }));
  return units.sort((a, b) => a.ticket - b.ticket || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Runs the draw. Throws on a student asked for twice (one request per child). */
export function runDraw(input: DrawInput): DrawResult {
  const students = new Set<string>();
  for (const request of input.requests) {
    if (students.has(request.studentId)) throw new Error(`Student ${request.studentId} has two requests.`);
    students.add(request.studentId);
  }
  const classes = new Map(input.classes.map((cls) => [cls.id, cls]));
  const groups = new Map(input.groups.map((group) => [group.id, group]));
  const seatsLeft = new Map(input.classes.map((cls) => [cls.id, Math.max(0, cls.seatsLeft)]));

  /** The classes of a choice, or undefined when one of them is gone. */
  const classesOf = (choice: DrawChoice) => {
    const ids = choice.kind === 'class' ? [choice.id] : (groups.get(choice.id)?.classIds ?? []);
    const found = ids.flatMap((id) => (classes.has(id) ? [classes.get(id)!] : []));
    return found.length && found.length === ids.length ? found : undefined;
  };
  const admits = (choice: DrawChoice, unit: Unit) =>
    classesOf(choice)?.every((cls) =>
      unit.requests.every((request) =>
        cls.minGrade === undefined && cls.maxGrade === undefined
          ? true
          : request.grade !== undefined && admitsGrade(cls, request.grade),
      ),
    ) ?? false;
  const hasSeats = (choice: DrawChoice, size: number) =>
    classesOf(choice)!.every((cls) => seatsLeft.get(cls.id)! >= size);

  const placements: Placement[] = [];
  const place = (unit: Unit) => {
    const choices = unit.requests[0]!.choices;
    const eligible = choices.flatMap((choice, index) => (admits(choice, unit) ? [{ choice, rank: index + 1 }] : []));
    if (!eligible.length && unit.requests.length > 1) {
      // No choice takes every one of them (a grade changed since they asked): each is placed alone, in turn.
      for (const request of unit.requests) place({ ...unit, key: request.studentId, requests: [request] });
      return;
    }
    const size = unit.requests.length;
    const seated = eligible.find(({ choice }) => hasSeats(choice, size));
    if (seated) for (const cls of classesOf(seated.choice)!) seatsLeft.set(cls.id, seatsLeft.get(cls.id)! - size);
    const outcome: DrawOutcome = seated ? 'enrolled' : eligible.length ? 'waitlisted' : 'unplaced';
    const where = seated ?? eligible[0];
    for (const request of unit.requests) {
      placements.push({
        familyId: request.familyId,
        studentId: request.studentId,
        outcome,
        ...(where && { choice: where.choice, rank: where.rank }),
        unit: unit.key,
      });
    }
  };
  const order = drawOrder(input);
  for (const unit of order) place(unit);
  return { order: order.map((unit) => unit.key), placements, seatsLeft: Object.fromEntries(seatsLeft) };
}

/** What administrators read before publishing: how many children got which choice, and siblings kept together. */
export interface DrawSummary {
  requests: number;
  /** Children seated by the rank of the choice they got: `byRank[0]` their first choice. */
  byRank: number[];
  waitlisted: number;
  unplaced: number;
  /** Units of two or more siblings, all kept together (seated together or waitlisted together). */
  siblingUnits: number;
}

export function summarizeDraw(result: DrawResult): DrawSummary {
  const byRank: number[] = [];
  for (const placement of result.placements) {
    if (placement.outcome !== 'enrolled') continue;
    const index = placement.rank! - 1;
    while (byRank.length <= index) byRank.push(0);
    byRank[index]! += 1;
  }
  const unitSizes = new Map<string, number>();
  for (const { unit } of result.placements) unitSizes.set(unit, (unitSizes.get(unit) ?? 0) + 1);
  const count = (outcome: DrawOutcome) => result.placements.filter((p) => p.outcome === outcome).length;
  return {
    requests: result.placements.length,
    byRank,
    waitlisted: count('waitlisted'),
    unplaced: count('unplaced'),
    siblingUnits: [...unitSizes.values()].filter((size) => size > 1).length,
  };
}
