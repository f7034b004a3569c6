import { notDrawn } from '../data/lotteryDraws';
import { familyLotteryRequests, saveLotteryRequest as saveRequest } from '../data/lotteryRequests';
import { checkChoices, drawnAlready, openLottery } from '../data/lotteryRules';
import { studentForCaller } from '../data/students';
import type { ParsedInput } from '../manifest';
import type { LotteryRequest } from '../records';
import type { FamilyCaller } from '../shared/caller';
import { invalidArgument } from '../shared/errors';
import { limitedHandler } from '../shared/limitedHandler';

/**
 * Saves the ranked choices of one of the family's children for a semester's lottery, while its requests are
 * taken (the family's priority windows included; an administrator's for a family until the draw) and until the
 * draw is run; "keep together" is the family's, for all its children in this lottery.
 */
export async function saveLotteryRequest(input: ParsedInput<'saveLotteryRequest'>, caller: FamilyCaller) {
  const student = await studentForCaller(caller, input.studentId);
  const { semester, requests } = await openLottery(input.semesterId, caller, student.familyId);
  const most = semester.lottery.choices;
  if (input.choices.length > most)
    throw invalidArgument(`choices: must hold at most ${most} ${most === 1 ? 'choice' : 'choices'}`);
  await checkChoices(input.choices, semester, student);
  const request: LotteryRequest = { ...input, updatedAt: new Date().toISOString() };
  if (!(await saveRequest(student.familyId, request, requests, notDrawn(semester.id))))
    throw drawnAlready(semester.name);
  return { requests: await familyLotteryRequests(student.familyId, semester.id) };
}

export const handler = limitedHandler('saveLotteryRequest', saveLotteryRequest);
