import { randomUUID } from 'node:crypto';
import { getSemester, listSemesters, semesterEntity } from '../semesters';
import type { ParsedInput } from '../../contract/manifest';
import type { Semester } from '../../contract/records';
import { notFound, portalBusy } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';
import { transactWrite } from '../../platform/transact';

/** Creates or changes a semester. Making one current makes every other one not current, in one transaction. */
export async function saveSemester(input: ParsedInput<'saveSemester'>) {
  if (input.id && !(await getSemester(input.id))) throw notFound('There is no such semester.');
  const semester: Semester = { ...input, id: input.id ?? randomUUID() };
  const others = semester.current
    ? (await listSemesters()).filter((other) => other.current && other.id !== semester.id)
    : [];
  const outcome = await transactWrite([
    semesterEntity.putItem({ ...semester, updatedAt: new Date().toISOString() }),
    ...others.map((other) => semesterEntity.putItem({ ...other, current: false })),
  ]);
  if (!outcome.committed) throw portalBusy('the semesters changed while one was saved');
  return { semester };
}

export const handler = portalHandler('saveSemester', saveSemester);
