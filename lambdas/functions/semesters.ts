import { listSemesters } from '../data/semesters';
import { portalHandler } from '../shared/handler';

export async function semesters() {
  return { semesters: await listSemesters() };
}

export const handler = portalHandler('semesters', semesters);
