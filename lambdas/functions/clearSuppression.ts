import { clearSuppression as clear } from '../data/suppressions';
import type { ParsedInput } from '../manifest';
import { notFound } from '../shared/errors';
import { portalHandler } from '../shared/handler';

/** Writes to an address again (the family fixed it, or asked for the portal's e-mail again). */
export async function clearSuppression({ email }: ParsedInput<'clearSuppression'>) {
  if (!(await clear(email))) throw notFound(`${email} is not on the list of addresses the portal does not write to.`);
  return {};
}

export const handler = portalHandler('clearSuppression', clearSuppression);
