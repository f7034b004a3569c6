import { listSuppressions } from '../suppressions';
import { portalHandler } from '../../platform/handler';

/** The addresses the portal no longer writes to (bounced for good, or complained), newest first. */
export async function mailSuppressions() {
  return { suppressions: await listSuppressions() };
}

export const handler = portalHandler('mailSuppressions', mailSuppressions);
