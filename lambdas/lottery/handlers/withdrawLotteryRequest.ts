import { notDrawn } from '../lotteryDraws';
import { familyLotteryRequests, withdrawLotteryRequest as withdraw } from '../records/lotteryRequests';
import { drawnAlready, openLottery } from '../lotteryRules';
import { studentForCaller } from '../../families/students';
import type { ParsedInput } from '../../contract/manifest';
import type { FamilyCaller } from '../../platform/caller';
import { notFound } from '../../contract/errors';
import { limitedHandler } from '../../platform/limitedHandler';

/** Withdraws one of the family's children from a semester's lottery, while its requests are taken. */
export async function withdrawLotteryRequest(input: ParsedInput<'withdrawLotteryRequest'>, caller: FamilyCaller) {
  const student = await studentForCaller(caller, input.studentId);
  const { semester, requests } = await openLottery(input.semesterId, caller, student.familyId);
  if (!requests.some((request) => request.studentId === input.studentId))
    throw notFound('This child has no request in the lottery.');
  if (!(await withdraw(student.familyId, semester.id, input.studentId, notDrawn(semester.id))))
    throw drawnAlready(semester.name);
  return { requests: await familyLotteryRequests(student.familyId, semester.id) };
}

export const handler = limitedHandler('withdrawLotteryRequest', withdrawLotteryRequest);
