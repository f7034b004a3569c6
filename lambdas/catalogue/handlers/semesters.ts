import { listSemesters } from '../semesters';
import { portalHandler } from '../../platform/handler';

export async function semesters() {
  return { semesters: await listSemesters() };
}

export const handler = portalHandler('semesters', semesters);
