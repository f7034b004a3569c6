// The allocation of seats to enrollment requests, as a pure function of the classes as they are and the
// requests in arrival order: the allocator (allocator.ts) reads both, commits what this decides in one
// transaction, and plans again from a fresh read when a condition says the classes changed meanwhile.
//
// - A request gets a seat in every class it names when each of them has one left, else it joins the
//   waitlist of every one of them (a group request is all or nothing).
// - Requests are decided one after another in arrival order, so an earlier request never fares worse than
//   a later one for the same seats.

export interface SeatCounts {
  capacity: number;
  enrolled: number;
  waitlisted: number;
}

export interface SeatRequest {
  /** The classes it asks a seat in: one, or each class of a group. */
  classIds: string[];
}

type SeatOutcome = 'enrolled' | 'waitlisted';

export interface SeatPlan {
  /** Each request's outcome, in the order of the requests. */
  outcomes: SeatOutcome[];
  /** For each waitlisted request, its place in line in each of its classes (1 is next), by class id. */
  places: Array<Record<string, number> | undefined>;
  /** The counts of every class after the plan. */
  after: Map<string, SeatCounts>;
}

/** Decides `requests` in order against `classes`, which holds every class they name. */
export function allocateSeats(classes: ReadonlyMap<string, SeatCounts>, requests: readonly SeatRequest[]): SeatPlan {
  const after = new Map([...classes].map(([id, counts]) => [id, { ...counts }]));
  const countsOf = (classId: string) => after.get(classId) ?? missing(classId);
  const places: SeatPlan['places'] = [];
  const outcomes = requests.map((request): SeatOutcome => {
    const seatsEverywhere = request.classIds.every(
      (classId) => countsOf(classId).enrolled < countsOf(classId).capacity,
    );
    if (seatsEverywhere) for (const classId of request.classIds) countsOf(classId).enrolled += 1;
    // A waitlist holds exactly its class's waitlisted students: a newcomer's place is the new count.
    places.push(
      seatsEverywhere
        ? undefined
        : Object.fromEntries(request.classIds.map((classId) => [classId, (countsOf(classId).waitlisted += 1)])),
    );
    return seatsEverywhere ? 'enrolled' : 'waitlisted';
  });
  return { outcomes, places, after };
}

export interface BatchCandidate extends SeatRequest {
  familyId: string;
  studentId: string;
  by: { isAdmin: boolean };
  /** Set in a semester with a fair start: the decision is kept in its ledger too. */
  fairStart?: unknown;
}

/**
 * The items that decide a request: its removal from the queue, its decision, its pending marker, and in a semester
 * with a fair start its entry in the ledger (see enrollmentRequests.ts, decisionWrites).
 */
export const decisionItems = (request: Pick<BatchCandidate, 'fairStart'>) => (request.fairStart ? 4 : 3);

/**
 * The items of one transaction that a request writes besides the classes and its family's: per class its
 * enrollment, audit record and pointer; its student, its mail request; and the items that decide it.
 */
export const itemsPerRequest = (request: BatchCandidate) => request.classIds.length * 3 + 2 + decisionItems(request);

/**
 * How many of `requests` (in arrival order) one transaction of at most `itemLimit` items decides: a prefix,
 * so the order holds. DynamoDB refuses a transaction that writes one item twice, so each student appears
 * once, and a family's requests share one write of its counts: they must all be its own or all an
 * administrator's (whose are not capped), and a family in `oneEach` may appear once (its shared write
 * was refused, and the refusal must be told to the request that caused it). Each class item counts once.
 */
export function batchLength(
  requests: readonly BatchCandidate[],
  itemLimit: number,
  oneEach: ReadonlySet<string> = new Set(),
): number {
  const families = new Map<string, boolean>();
  const students = new Set<string>();
  const classes = new Set<string>();
  let items = 0;
  for (const [index, request] of requests.entries()) {
    const family = families.get(request.familyId);
    if (family !== undefined && (family !== request.by.isAdmin || oneEach.has(request.familyId))) return index;
    const newItems =
      request.classIds.filter((classId) => !classes.has(classId)).length +
      itemsPerRequest(request) +
      (family === undefined ? 1 : 0);
    if (students.has(request.studentId) || items + newItems > itemLimit) return index;
    families.set(request.familyId, request.by.isAdmin);
    students.add(request.studentId);
    for (const classId of request.classIds) classes.add(classId);
    items += newItems;
  }
  return requests.length;
}

function missing(classId: string): never {
  throw new Error(`The allocation was given no counts for class ${classId}.`);
}
