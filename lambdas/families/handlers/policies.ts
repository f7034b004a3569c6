import { policySummaries } from '../policies';
import { portalHandler } from '../../platform/handler';

/** Every policy: its current version whole, and each version with how many acceptances it has. */
export async function policies() {
  return { policies: await policySummaries() };
}

export const handler = portalHandler('policies', policies);
