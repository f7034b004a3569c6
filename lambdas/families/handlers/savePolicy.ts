import { publishItems } from '../policies';
import { getSemester } from '../../catalogue/semesters';
import type { ParsedInput } from '../../contract/manifest';
import type { PolicyVersion } from '../../contract/records';
import type { Caller } from '../../platform/caller';
import { failedPrecondition, notFound } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';
import { callerLabel } from '../ownAccount';
import { transactWrite } from '../../platform/transact';

/**
 * Publishes a new policy (no id), or a new version of one: the version is appended and becomes the current
 * one; the versions before it stay as they were, with what families accepted of them. Refused when another
 * version was published since the one the administrator read.
 */
export async function savePolicy(
  input: ParsedInput<'savePolicy'>,
  caller: Caller,
): Promise<{ version: PolicyVersion }> {
  if (input.semesterId && !(await getSemester(input.semesterId))) throw notFound('There is no such semester.');
  const by = await callerLabel(caller);
  const { version, items } = publishItems(input, by, new Date().toISOString());
  const outcome = await transactWrite(items);
  if (!outcome.committed) {
    if (input.basedOnVersion === undefined) throw failedPrecondition('This policy was published already.');
    const current = outcome.failed.get(1)?.version;
    if (current === undefined) throw notFound('There is no such policy.');
    throw failedPrecondition(
      `Version ${String(current)} of this policy was published meanwhile: read it, then publish your changes again.`,
    );
  }
  return { version };
}

export const handler = portalHandler('savePolicy', savePolicy);
