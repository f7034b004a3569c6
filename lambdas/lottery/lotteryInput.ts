// The input of a semester's draw, read from the table: every request (of children still on their family's
// account), the classes open now with the seats they have left and their grades, the class groups, and each
// family's "keep together" and its losses in earlier published draws.
import type { DrawInput } from '../contract/lottery/draw';
import { classesOfSemester } from '../catalogue/classes';
import { groupsOfSemester } from '../catalogue/groups';
import { lossesOf } from './records/lotteryLosses';
import { lotteryRequestsOf } from './records/lotteryRequests';
import { studentsByKey } from '../families/students';

export async function drawInputOf(semesterId: string, seed: string, weighted: boolean): Promise<DrawInput> {
  const [requests, classes, groups] = await Promise.all([
    lotteryRequestsOf(semesterId),
    classesOfSemester(semesterId),
    groupsOfSemester(semesterId),
  ]);
  const [students, losses] = await Promise.all([
    studentsByKey(requests.map(({ familyId, studentId }) => ({ familyId, studentId }))),
    lossesOf([...new Set(requests.map((request) => request.familyId))]),
  ]);
  const kept = requests.filter((request) => students.has(request.studentId));
  const families = new Map(kept.map((request) => [request.familyId, request.keepTogether]));
  return {
    seed,
    weighted,
    classes: classes
      .filter((cls) => cls.status === 'open')
      .map((cls) => ({
        id: cls.id,
        seatsLeft: cls.seatsLeft,
        ...(cls.minGrade !== undefined && { minGrade: cls.minGrade }),
        ...(cls.maxGrade !== undefined && { maxGrade: cls.maxGrade }),
      })),
    groups: groups.map((group) => ({ id: group.id, classIds: group.classIds })),
    families: [...families].map(([id, keepTogether]) => ({ id, keepTogether, losses: losses.get(id) ?? 0 })),
    requests: kept.map((request) => {
      const grade = students.get(request.studentId)!.grade;
      return {
        familyId: request.familyId,
        studentId: request.studentId,
        ...(grade !== undefined && { grade }),
        choices: request.choices,
      };
    }),
  };
}
