// The pace of the portal's sending: every e-mail takes a turn from one allowance in the table (the same
// sliding allowance as the per-user call limits, `RATE#SES / send`), `MAIL_SEND_RATE` a second, SES's
// sending rate, however many mailers run at once.
import { optionalEnv } from '../platform/env';
import { sleep } from '../platform/dynamo';
import { countCall } from '../platform/callCounts';

/** E-mails a second; SES's default sending rate for an account out of the sandbox. */
const DEFAULT_SEND_RATE = 14;
const rate = Number(optionalEnv('MAIL_SEND_RATE') ?? DEFAULT_SEND_RATE);
const sendRate = Number.isFinite(rate) && rate > 0 ? rate : DEFAULT_SEND_RATE;

/** Waits for a turn to send one e-mail; false when none comes while `timeLeftMs` allows waiting. */
export async function takeSendTurn(timeLeftMs: () => number): Promise<boolean> {
  for (;;) {
    const turn = await countCall('SES', 'send', { calls: sendRate, perSeconds: 1 });
    if (turn.allowed) return true;
    const waitMs = turn.retryAfterSeconds * 1000;
    if (timeLeftMs() < waitMs + 1000) return false;
    await sleep(waitMs);
  }
}
