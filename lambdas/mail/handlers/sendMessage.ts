import { audienceOf, startAnnouncement, summaryOf } from '../messages';
import type { ParsedInput } from '../../contract/manifest';
import type { Caller } from '../../platform/caller';
import { failedPrecondition, notFound } from '../../contract/errors';
import { portalHandler } from '../../platform/handler';

/**
 * Sends an administrator's message to the families of a class, its waitlist, a class group or a semester:
 * one e-mail per family, to each of its addresses, at SES's pace. `messageId` is the page's own: a retried
 * call finds the message it started and sends nothing twice.
 */
export async function sendMessage({ messageId, ...input }: ParsedInput<'sendMessage'>, caller: Caller) {
  const audience = await audienceOf(input.audience);
  if (!audience) throw notFound('There is no such class, class group or semester.');
  if (audience.families.size === 0)
    throw failedPrecondition(`Nobody is in ${audience.label} yet: there is no family to write to.`);
  const message = summaryOf(await startAnnouncement(messageId, input, audience, caller.sub));
  return { message };
}

export const handler = portalHandler('sendMessage', sendMessage);
