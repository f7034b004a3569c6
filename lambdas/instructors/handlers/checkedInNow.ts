import { checkedInNow as isCheckedIn, inOrderMade, type ClassToday } from '../../contract/classDay';
import { dayOf } from '../../contract/moments';
import { readProgrammeTimeZone } from '../../catalogue/settings';
import { studentName, studentsByKey } from '../../families/students';
import { portalHandler } from '../../platform/handler';
import { meetingEvents } from '../attendance';
import { seatedChildren } from '../classDay';
import { meetingsOn } from '../meetingsOn';

/**
 * The office's view of the day: each class meeting today (on the programme's clock), who is checked in now and
 * since when, of how many enrolled and marked.
 */
export async function checkedInNow() {
  const date = dayOf(new Date().toISOString(), await readProgrammeTimeZone());
  const meetings = await meetingsOn([date]);
  const classes = new Map(meetings.map(({ cls }) => [cls.id, cls]));
  const today = await Promise.all(
    [...classes.values()].map(async (cls): Promise<ClassToday> => {
      const [events, seated] = await Promise.all([meetingEvents(cls.id, date), seatedChildren(cls.id)]);
      const students = await studentsByKey(seated.map((e) => ({ familyId: e.familyId, studentId: e.studentId })));
      const marked = [...new Set(events.map((event) => event.studentId))];
      const checkedIn = marked.flatMap((studentId) => {
        const own = inOrderMade(events.filter((event) => event.studentId === studentId));
        if (!isCheckedIn(own)) return [];
        const student = students.get(studentId);
        return [
          {
            studentId,
            name: student ? studentName(student) : 'A child no longer enrolled',
            since: own.findLast((event) => event.kind === 'checkIn')!.at,
          },
        ];
      });
      return {
        classId: cls.id,
        className: cls.name,
        meetings: meetings
          .filter((entry) => entry.cls.id === cls.id)
          .map(({ meeting: { start, end } }) => ({ start, end })),
        enrolled: seated.length,
        marked: marked.length,
        checkedIn: checkedIn.sort((a, b) => a.name.localeCompare(b.name)),
      };
    }),
  );
  return { date, classes: today.sort((a, b) => a.className.localeCompare(b.className)) };
}

export const handler = portalHandler('checkedInNow', checkedInNow);
