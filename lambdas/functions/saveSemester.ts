import { randomUUID } from 'node:crypto';
import { getSemester, listSemesters, semesterEntity } from '../data/semesters';
import type { ParsedInput } from '../manifest';
import type { Semester } from '../records';
import { notFound, portalBusy } from '../shared/errors';
import { portalHandler } from '../shared/handler';
import { transactWrite } from '../shared/transact';

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
