import { policyReads, refuseUncheckedDetails, refuseUnacceptedPolicies } from '../../enrollment/childReadiness';
import { notDrawn } from '../lotteryDraws';
import { familyLotteryRequests, saveLotteryRequest as saveRequest } from '../records/lotteryRequests';
import { checkChoices, drawnAlready, openLottery } from '../lotteryRules';
import { studentForCaller } from '../../families/students';
import type { ParsedInput } from '../../contract/manifest';
import type { LotteryRequest } from '../../contract/records';
import type { FamilyCaller } from '../../platform/caller';
import { invalidArgument, notFound } from '../../contract/errors';
import { limitedHandler } from '../../platform/limitedHandler';

/**
 * Saves the ranked choices of one of the family's children for a semester's lottery, while its requests are
 * taken (the family's priority windows included; an administrator's for a family until the draw) and until the
 * draw is run; "keep together" is the family's, for all its children in this lottery. A family's child must be
 * ready as enrolling asks (details checked, the semester's required policies accepted); its publication checks
 * it again, with the caps (seatRules.ts).
 */
export async function saveLotteryRequest(input: ParsedInput<'saveLotteryRequest'>, caller: FamilyCaller) {
  const student = await studentForCaller(caller, input.studentId);
  const { semester, requests } = await openLottery(input.semesterId, caller, student.familyId);
  const most = semester.lottery.choices;
  if (input.choices.length > most)
    throw invalidArgument(`choices: must hold at most ${most} ${most === 1 ? 'choice' : 'choices'}`);
  await checkChoices(input.choices, semester, student);
  // A request is a place in the draw: the family's readiness is asked for now, as enrolling asks for it.
  if (!caller.isAdmin) {
    await refuseUncheckedDetails(student.familyId, student.id);
    await refuseUnacceptedPolicies(
      await policyReads(student.familyId, student.id),
      student.familyId,
      student.id,
      semester.id,
    );
  }
  const request: LotteryRequest = { ...input, updatedAt: new Date().toISOString() };
  const saved = await saveRequest(student.familyId, request, requests, notDrawn(semester.id));
  if (saved === 'no student') throw notFound('There is no such student on your account.');
  if (saved === 'changed') throw drawnAlready(semester.name);
  return { requests: await familyLotteryRequests(student.familyId, semester.id) };
}

export const handler = limitedHandler('saveLotteryRequest', saveLotteryRequest);
