import { clearSuppression as clear } from '../suppressions';
import type { ParsedInput } from '../../contract/manifest';
import { notFound } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

/** Writes to an address again (the family fixed it, or asked for the portal's e-mail again). */
export async function clearSuppression({ email }: ParsedInput<'clearSuppression'>) {
  if (!(await clear(email))) throw notFound(`${email} is not on the list of addresses the portal does not write to.`);
  return {};
}

export const handler = portalHandler('clearSuppression', clearSuppression);
