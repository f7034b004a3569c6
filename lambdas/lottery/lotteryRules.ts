// When a family may change its lottery requests (while requests are taken, its priority windows included, and
// until the draw is run), and what a request may ask for: classes and class groups of the lottery's semester,
// open, in the child's grades: the rules a first-come enrollment is held to (seatRules.ts).
import type { Class, LotteryChoice, Semester } from '../contract/records';
import type { Caller } from '../platform/caller';
import { failedPrecondition, invalidArgument, notFound } from '../contract/errors';
import { allocationSettingsOf, requestGate } from '../enrollment/allocationSettings';
import { getClasses } from '../catalogue/classes';
import { familyLotteryRequests } from './records/lotteryRequests';
import { getSemester } from '../catalogue/semesters';
import { getGroups } from '../catalogue/groups';
import { gradeMessage, inGrades } from '../enrollment/seatRules';
import type { StoredStudent } from '../families/students';

/** Refuses, naming the choice, one that is not of the semester, closed, or not in the child's grades. */
export async function checkChoices(
  choices: LotteryChoice[],
  semester: Semester,
  student: Pick<StoredStudent, 'firstName' | 'grade'>,
): Promise<void> {
  const groupIds = choices.filter((choice) => choice.kind === 'group').map((choice) => choice.id);
  const groups = new Map((await getGroups(groupIds)).map((group) => [group.id, group]));
  const classIds = choices.flatMap((choice) =>
    choice.kind === 'class' ? [choice.id] : (groups.get(choice.id)?.classIds ?? []),
  );
  const classes = new Map((await getClasses([...new Set(classIds)])).map((cls): [string, Class] => [cls.id, cls]));
  choices.forEach((choice, index) => {
    const field = `choices[${index}]`;
    const group = choice.kind === 'group' ? groups.get(choice.id) : undefined;
    const ids = choice.kind === 'class' ? [choice.id] : (group?.classIds ?? []);
    const found = ids.flatMap((id) => classes.get(id) ?? []);
    if ((choice.kind === 'group' && !group) || found.length !== ids.length || !found.length)
      throw invalidArgument(`${field}: there is no ${choice.kind === 'group' ? 'class group' : 'class'} ${choice.id}`);
    if (found.some((cls) => cls.semesterId !== semester.id))
      throw invalidArgument(`${field}: ${group?.name ?? found[0]!.name} is not a class of ${semester.name}`);
    const closed = found.find((cls) => cls.status !== 'open');
    if (closed) throw invalidArgument(`${field}: ${closed.name} is closed to new enrollments`);
    if (!inGrades(student, found)) throw invalidArgument(`${field}: ${gradeMessage(student, found)}`);
  });
}

/**
 * The semester with its lottery and the family's requests in it, when they may change now: while requests are
 * taken for the family (its priority windows included); an administrator, acting for a family, at any time
 * before the draw.
 */
export async function openLottery(semesterId: string, caller: Caller, familyId: string) {
  const semester = await getSemester(semesterId);
  if (!semester) throw notFound('There is no such semester.');
  const settings = await allocationSettingsOf(semester.id);
  const gate = await requestGate(semester, settings, familyId);
  // Without a lottery the gate is never open.
  if (!gate.open && (!settings.lottery || !caller.isAdmin)) throw failedPrecondition(gate.message);
  return {
    semester: { ...semester, lottery: settings.lottery! },
    requests: await familyLotteryRequests(familyId, semester.id),
  };
}

export const drawnAlready = (name: string) =>
  failedPrecondition(`The draw for ${name} has been run: requests can no longer change.`);
