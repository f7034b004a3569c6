// The meetings held on given days (not cancelled), with their class: of the classes of the semesters running then.
// What the office's alarm and its view of the day look at.
import type { Class, Meeting } from '../contract/records';
import { classesOfSemester } from '../catalogue/classes';
import { listSemesters } from '../catalogue/semesters';

export async function meetingsOn(days: readonly string[]): Promise<Array<{ cls: Class; meeting: Meeting }>> {
  const [first, last] = [[...days].sort()[0]!, [...days].sort().at(-1)!];
  const semesters = (await listSemesters()).filter(
    (semester) => semester.startDate <= last && semester.endDate >= first,
  );
  const found: Array<{ cls: Class; meeting: Meeting }> = [];
  for (const semester of semesters)
    for (const cls of await classesOfSemester(semester.id))
      for (const meeting of cls.meetings)
        if (!meeting.cancelled && days.includes(meeting.date)) found.push({ cls, meeting });
  return found;
}
