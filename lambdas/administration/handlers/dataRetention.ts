import type { RetentionPreview } from '../../contract/manifest';
import { removalRecords, retentionPlan, retentionSetting } from '../retention';
import { portalHandler } from '../../platform/handler';

/** The retention setting, and exactly what a removal would remove now, with the latest removals. */
export async function dataRetention(): Promise<RetentionPreview> {
  const [setting, removals] = await Promise.all([retentionSetting(), removalRecords()]);
  const plan = await retentionPlan(setting.years);
  const going = plan.students.filter((student) => student.removeStudent);
  const kept = plan.students.filter((student) => !student.removeStudent && student.name);
  return {
    setting,
    cutoff: plan.cutoff,
    semesters: plan.semesters.map((semester) => ({
      id: semester.id,
      name: semester.name,
      endDate: semester.endDate,
      enrollments: plan.students
        .flatMap((student) => student.enrollments)
        .filter((enrollment) => enrollment.semesterId === semester.id).length,
    })),
    students: going.map((student) => ({
      name: student.name!,
      birthDate: student.birthDate!,
      enrollments: student.enrollments.length,
    })),
    kept: kept.map((student) => ({
      name: student.name!,
      birthDate: student.birthDate!,
      enrollments: student.enrollments.length,
      keptFor: student.keptFor,
    })),
    studentsKept: kept.length,
    totals: {
      semesters: plan.semesters.length,
      enrollments: plan.students.reduce((sum, student) => sum + student.enrollments.length, 0),
      students: going.length,
    },
    removals,
  };
}

export const handler = portalHandler('dataRetention', dataRetention);
