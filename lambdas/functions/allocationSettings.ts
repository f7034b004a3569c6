import { allocationSettingsOf } from '../data/allocationSettings';
import { semesterOrCurrent } from '../data/semesters';
import type { ParsedInput } from '../manifest';
import { portalHandler } from '../shared/handler';

/** A semester's allocation settings, for the administrators' form. */
export async function allocationSettings(input: ParsedInput<'allocationSettings'>) {
  const semester = await semesterOrCurrent(input.semesterId);
  return { settings: await allocationSettingsOf(semester.id) };
}

export const handler = portalHandler('allocationSettings', allocationSettings);
