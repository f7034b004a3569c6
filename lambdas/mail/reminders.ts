// Reminders before a class starts: `reminderLeadDays` (default 2) before a class's first meeting that is not
// cancelled, each enrolled child's family gets one, once per child and class. The marker
// (`CLASS#id / REMINDED#studentId`) and the mail request are written in one transaction under the condition
// that the marker is not there yet, so runs that overlap, or run again, never ask twice.
import { reminderLeadDays } from '../contract/configNames';
import { transactWrite } from '../platform/transact';
import { classesOfSemester } from '../catalogue/classes';
import { classEnrollments } from '../enrollment/enrollments';
import { entity } from '../platform/entity';
import { mailRequestPut } from '../platform/mailRequests';
import { partitions } from '../platform/partitions';
import { listSemesters } from '../catalogue/semesters';
import { readConfigValues } from '../catalogue/settings';

const DAY_MS = 86_400_000;

/** A reminder asked for: the class and the child are its key alone. */
export const reminderEntity = entity<{ remindedAt: string }, { classId: string; studentId: string }>({
  type: 'reminder',
  key: {
    partition: ({ classId }) => partitions.class(classId),
    sort: { prefix: 'REMINDED#', of: ({ studentId }) => studentId },
  },
  read: (item) => ({ remindedAt: item.string('remindedAt') }),
  write: ({ remindedAt }) => ({ remindedAt }),
});

async function leadDays(): Promise<number> {
  const values = await readConfigValues();
  const value = Object.hasOwn(values, reminderLeadDays.name) ? values[reminderLeadDays.name] : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : reminderLeadDays.byDefault;
}

/** Asks for every reminder due at `now`; how many it asked for (those asked before are not asked again). */
export async function askForDueReminders(now: Date): Promise<number> {
  const lead = await leadDays();
  const today = now.toISOString().slice(0, 10);
  const horizon = new Date(now.getTime() + lead * DAY_MS).toISOString().slice(0, 10);
  const semesters = (await listSemesters()).filter((s) => s.startDate <= horizon && s.endDate >= today);
  let asked = 0;
  for (const semester of semesters) {
    for (const cls of await classesOfSemester(semester.id)) {
      const first = cls.meetings
        .filter((meeting) => !meeting.cancelled)
        .map((meeting) => meeting.date)
        .sort()[0];
      // Due from `lead` days before the first meeting until it starts.
      if (!first || first < today || first > horizon) continue;
      for (const enrollment of (await classEnrollments(cls.id)).roster) {
        const outcome = await transactWrite([
          reminderEntity.putItem(
            { classId: cls.id, studentId: enrollment.studentId, remindedAt: now.toISOString() },
            { ifNew: true },
          ),
          mailRequestPut(
            {
              kind: 'reminder',
              familyId: enrollment.familyId,
              studentId: enrollment.studentId,
              classIds: [cls.id],
            },
            now.toISOString(),
          ),
        ]);
        if (outcome.committed) asked += 1;
      }
    }
  }
  return asked;
}
