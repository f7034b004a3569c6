// Children's records kept only as long as the programme needs them. A semester that ended before the cutoff
// (today less the retention setting's years) gives up its enrollments, with their audit trail and the
// families' pointers to them and the children's attendance in those classes (marks, absence reports, the office's
// alarms); a student goes too (name, birth date, contacts, health notes) when nothing of
// theirs belongs to a semester whose records stay (no enrollment, lottery request or policy acceptance there;
// answers and offers are held on enrollments), and the policies accepted for the child for those semesters (or
// all, with the student), and the child's lottery requests in those semesters (or all, with the student).
// Semesters and classes stay: they hold no child's data. Each removal writes
// a record of what it removed and who asked (`RETENTION / REMOVAL#at#id`). Families who delete their account
// are removed at once, as ever (deleteAccount). The setting: `SETTINGS / RETENTION`.
import { randomUUID } from 'node:crypto';
import type { KeptFor, RemovalRecord, Removed, RetentionSetting, Semester } from '../contract/records';
import { deleteAll } from '../platform/dynamo';
import { transactWrite, type TransactItem } from '../platform/transact';
import {
  enrollmentsOfFamily,
  enrollmentEntity,
  familyEnrollmentEntity,
  isActive,
  type StoredEnrollment,
} from '../enrollment/enrollments';
import { classCount, familyChangeItem, getProfile, semesterCount, studentCount } from '../families/families';
import { auditEntity } from '../enrollment/audit';
import { attendanceKeysOfStudent } from '../instructors/attendance';
import { entity, optional } from '../platform/entity';
import { partitions } from '../platform/partitions';
import { lotteryRequestKeys, lotteryRequestsAt } from '../lottery/records/lotteryRequests';
import { acceptanceKeysOfStudent, acceptancesOf } from '../families/policies';
import { listSemesters } from '../catalogue/semesters';
import {
  nameMarkerDelete,
  getStudent,
  studentDeleteIfUntouched,
  studentEntity,
  studentName,
} from '../families/students';

const RETENTION_DEFAULT_YEARS = 3;

/** Enrollments removed per transaction (each is two items, beside the counts). */
const ENROLLMENTS_PER_TRANSACTION = 40;

const retentionSettingEntity = entity<RetentionSetting, object>({
  type: 'retention',
  key: { partition: partitions.settings, sort: 'RETENTION' },
  read: (item) => ({
    years: item.number('years'),
    ...optional('updatedAt', item.optionalString('updatedAt')),
    ...optional('updatedBy', item.optionalString('updatedBy')),
  }),
});

export async function retentionSetting(): Promise<RetentionSetting> {
  return (await retentionSettingEntity.get({})) ?? { years: RETENTION_DEFAULT_YEARS };
}

export async function saveRetentionSetting(years: number, by: string): Promise<RetentionSetting> {
  const setting = { years, updatedAt: new Date().toISOString(), updatedBy: by };
  await retentionSettingEntity.put(setting);
  return setting;
}

/** The day before which a semester must have ended for its records to go: today, `years` years ago. */
function cutoffFor(years: number, today = new Date()): string {
  const cutoff = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
  return cutoff.toISOString().slice(0, 10);
}

/** Whether the semester's records expired: it ended before the cutoff. */
const expired = (semester: Semester, cutoff: string) => semester.endDate < cutoff;

const keptForKinds: ReadonlyArray<KeptFor['kind']> = ['enrollment', 'lotteryRequest', 'policyAcceptance'];

interface Child {
  familyId: string;
  studentId: string;
}

const childKey = ({ familyId, studentId }: Child) => `${familyId}/${studentId}`;

/** A student whose records a removal takes: their enrollments in ended semesters, and them when that is all. */
export interface StudentRecords extends Child {
  /** The student's name and birth date while the student is on file. */
  name?: string;
  birthDate?: string;
  enrollments: StoredEnrollment[];
  /** What of the student's belongs to semesters whose records stay, newest semester first. */
  keptFor: KeptFor[];
  /** The student is on file and nothing keeps them: the student goes too. */
  removeStudent: boolean;
}

export interface RetentionPlan {
  years: number;
  cutoff: string;
  /** The semesters that ended before the cutoff and still hold enrollments. */
  semesters: Semester[];
  students: StudentRecords[];
}

/** `read` of each item, ten at a time. */
async function tenAtATime<T, R>(items: T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += 10)
    results.push(...(await Promise.all(items.slice(start, start + 10).map(read))));
  return results;
}

/**
 * What each child has now in the semesters whose records stay, by `childKey`: enrollments (with the answers and
 * offers they hold), lottery requests (with their results) and policy acceptances. Strongly consistent reads.
 */
async function keptForEach(children: Child[], staying: Semester[]): Promise<Map<string, KeptFor[]>> {
  const [enrollments, requests, acceptances] = await Promise.all([
    tenAtATime([...new Set(children.map((child) => child.familyId))], enrollmentsOfFamily),
    Promise.all(staying.map((semester) => lotteryRequestsAt(semester.id, children))),
    tenAtATime(children, async (child) =>
      (await acceptancesOf(child.familyId, child.studentId)).map((acceptance) => ({ ...child, ...acceptance })),
    ),
  ]);
  const found: Record<KeptFor['kind'], Array<Array<Child & { semesterId: string }>>> = {
    enrollment: enrollments,
    lotteryRequest: requests,
    policyAcceptance: acceptances,
  };
  const held = new Set(
    keptForKinds.flatMap((kind) =>
      found[kind].flat().map((record) => `${kind} ${childKey(record)} ${record.semesterId}`),
    ),
  );
  return new Map(
    children.map((child) => [
      childKey(child),
      staying.flatMap((semester) =>
        keptForKinds
          .filter((kind) => held.has(`${kind} ${childKey(child)} ${semester.id}`))
          .map((kind) => ({ kind, semester: { id: semester.id, name: semester.name } })),
      ),
    ]),
  );
}

/** Exactly what a removal with this setting would remove now. */
export async function retentionPlan(years: number, today = new Date()): Promise<RetentionPlan> {
  const cutoff = cutoffFor(years, today);
  const semesters = await listSemesters();
  const endedSemesters = semesters.filter((semester) => expired(semester, cutoff));
  const staying = semesters.filter((semester) => !expired(semester, cutoff));
  const enrollments = (
    await Promise.all(
      endedSemesters.map((semester) => enrollmentEntity.inList('ofSemester', { semesterId: semester.id })),
    )
  ).flat();
  const byStudent = new Map<string, StoredEnrollment[]>();
  for (const enrollment of enrollments)
    byStudent.set(childKey(enrollment), [...(byStudent.get(childKey(enrollment)) ?? []), enrollment]);
  const children = [...byStudent.values()].map(([first]) => ({
    familyId: first!.familyId,
    studentId: first!.studentId,
  }));
  const [keptFor, onFile] = await Promise.all([
    keptForEach(children, staying),
    tenAtATime(children, (child) => getStudent(child.familyId, child.studentId)),
  ]);
  const students = children.map((child, index): StudentRecords => {
    const student = onFile[index];
    const kept = keptFor.get(childKey(child)) ?? [];
    return {
      ...child,
      ...(student && { name: studentName(student), birthDate: student.birthDate }),
      enrollments: byStudent.get(childKey(child))!,
      keptFor: kept,
      removeStudent: Boolean(student) && kept.length === 0,
    };
  });
  students.sort((a, b) => (a.name ?? '~').localeCompare(b.name ?? '~') || a.studentId.localeCompare(b.studentId));
  // The ended semesters that still hold records: those removed already have nothing more to give.
  const holding = new Set(enrollments.map((enrollment) => enrollment.semesterId));
  return { years, cutoff, semesters: endedSemesters.filter((semester) => holding.has(semester.id)), students };
}

/**
 * Removes one student's records of the plan: the audit trail of each enrollment, then the enrollments and
 * the family's pointers with the counts they held (a batch at a time), then the student, their name marker
 * and the family's count of students, unless something of the student's belongs now to a semester whose
 * records stay (enrolled, a lottery request or a policy accepted since the plan was made).
 */
export async function removeStudentRecords(
  records: StudentRecords,
  plan: Pick<RetentionPlan, 'cutoff'>,
): Promise<Removed> {
  const removed: Removed = { enrollments: 0, auditRecords: 0, students: 0, attendanceRecords: 0 };
  const profile = await getProfile(records.familyId);
  for (let start = 0; start < records.enrollments.length; start += ENROLLMENTS_PER_TRANSACTION) {
    const batch = records.enrollments.slice(start, start + ENROLLMENTS_PER_TRANSACTION);
    const audits = (
      await Promise.all(batch.map((enrollment) => auditEntity.keysInPartition({ enrollmentId: enrollment.id })))
    ).flat();
    const attendance = (
      await Promise.all(batch.map((enrollment) => attendanceKeysOfStudent(enrollment.classId, records.studentId)))
    ).flat();
    await deleteAll([...audits, ...attendance]);
    removed.auditRecords += audits.length;
    removed.attendanceRecords! += attendance.length;
    const active = batch.filter((enrollment) => isActive(enrollment.status));
    const counts: Record<string, number> = {};
    for (const enrollment of active) {
      counts[semesterCount(enrollment.semesterId)] = (counts[semesterCount(enrollment.semesterId)] ?? 0) - 1;
      counts[classCount(enrollment.classId)] = (counts[classCount(enrollment.classId)] ?? 0) - 1;
    }
    const items: TransactItem[] = batch.flatMap((enrollment) => [
      enrollmentEntity.deleteItem(enrollment),
      familyEnrollmentEntity.deleteItem({ familyId: enrollment.familyId, enrollmentId: enrollment.id }),
    ]);
    if (active.length && (await studentOnFile(records))) items.push(lessActive(records, active.length));
    // A family whose account is gone has no counts to keep (and no profile to make again).
    if (active.length && profile) items.push(familyChangeItem(records.familyId, { counts, refuseDeleted: false }));
    const outcome = await transactWrite(items);
    if (!outcome.committed) throw new Error(`The records of student ${records.studentId} changed meanwhile.`);
    removed.enrollments += batch.length;
  }
  // The policies accepted for the child for those semesters, and its lottery requests in them, go with them.
  const ended = new Set(records.enrollments.map((enrollment) => enrollment.semesterId));
  const { familyId, studentId } = records;
  await deleteAll([
    ...(await acceptanceKeysOfStudent(familyId, studentId, ended)),
    ...(await lotteryRequestKeys(familyId, { studentId, semesterIds: ended })),
  ]);
  if (records.removeStudent) {
    // Read again now (a semester made since too), the student first: what was written since is seen here, or
    // changes the student's item (an enrollment, an acceptance), which the deletion is conditioned on. A lottery
    // request saved in the moment between this read and the deletion is not seen: saving one leaves the
    // student's item as it is.
    const student = await getStudent(records.familyId, records.studentId);
    const staying = (await listSemesters()).filter((semester) => !expired(semester, plan.cutoff));
    if (student && !(await keptForEach([records], staying)).get(childKey(records))?.length) {
      const counted = profile?.counts[studentCount] !== undefined;
      const outcome = await transactWrite([
        studentDeleteIfUntouched(records.familyId, student),
        nameMarkerDelete(records.familyId, student),
        ...(counted
          ? [familyChangeItem(records.familyId, { counts: { [studentCount]: -1 }, refuseDeleted: false })]
          : []),
      ]);
      // Enrolled again, or a policy accepted, meanwhile: the student stays, with it.
      if (outcome.committed) {
        removed.students += 1;
        await deleteAll([
          ...(await acceptanceKeysOfStudent(familyId, studentId)),
          ...(await lotteryRequestKeys(familyId, { studentId })),
        ]);
      }
    }
  }
  return removed;
}

async function studentOnFile(records: StudentRecords): Promise<boolean> {
  return Boolean(await getStudent(records.familyId, records.studentId));
}

/** The student holds `count` fewer active enrollments. */
function lessActive(records: StudentRecords, count: number): TransactItem {
  return studentEntity.updateItem(
    { familyId: records.familyId, id: records.studentId },
    {
      add: { activeEnrollments: -count },
      condition: 'attribute_exists(PK) AND activeEnrollments >= :count',
      values: { ':count': count },
    },
  );
}

/** The log of removals, in one partition, in the order they were made. */
const removalEntity = entity<RemovalRecord, Pick<RemovalRecord, 'at' | 'id'>>({
  type: 'removal',
  key: { partition: () => 'RETENTION', sort: { prefix: 'REMOVAL#', of: ({ at, id }) => `${at}#${id}` } },
  read: (item) => {
    const removed = item.nested('removed');
    return {
      id: item.string('id'),
      at: item.string('at'),
      by: item.string('by'),
      years: item.number('years'),
      cutoff: item.string('cutoff'),
      semesters: item.list('semesters', (semester) => ({ id: semester.string('id'), name: semester.string('name') })),
      removed: {
        enrollments: removed.number('enrollments'),
        auditRecords: removed.number('auditRecords'),
        students: removed.number('students'),
        ...optional('attendanceRecords', removed.optionalNumber('attendanceRecords')),
      },
      done: item.boolean('done'),
    };
  },
});

export async function recordRemoval(record: Omit<RemovalRecord, 'id' | 'at'>): Promise<RemovalRecord> {
  const stored: RemovalRecord = { id: randomUUID(), at: new Date().toISOString(), ...record };
  await removalEntity.put(stored);
  return stored;
}

/** The latest removals, newest first. */
export function removalRecords(limit = 50): Promise<RemovalRecord[]> {
  return removalEntity.firstInPartition({}, limit, { newestFirst: true });
}
