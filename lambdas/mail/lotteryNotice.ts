// The e-mail that tells a family its children's results in a semester's published lottery draw: one e-mail
// per family, each child's outcome (a seat, a place on a waitlist, or not placed and why), when the seats left
// open to everyone, and the draw's seed, with which anyone can run the draw again and check it.
import { momentText } from '../contract/moments';
import { link, list, paragraph, strong, type MailContent, type Span } from '../contract/mail/mailBlocks';
import { contactLine, type MailSite } from '../contract/mail/announcement';

export interface ChildResult {
  firstName: string;
  outcome: 'enrolled' | 'waitlisted' | 'unplaced';
  /** The class or group of the choice it got (or waits for). */
  choiceName?: string;
  rank?: number;
  /** Its place on the waitlist (a group's: its furthest place among the group's classes). */
  place?: number;
  /** Why the child the draw placed was left unplaced when the draw was published: enrolling's refusal. */
  reason?: string;
}

export interface LotteryNotice {
  semesterName: string;
  children: ChildResult[];
  /** When the seats left open to everyone, first come first served. */
  seatsOpen: string;
  seed: string;
}

const ranks = ['first', 'second', 'third', 'fourth', 'fifth'];
const rankText = (rank?: number) => (rank ? `${ranks[rank - 1] ?? `choice ${rank}`} choice` : 'a choice');

function childLine(child: ChildResult): Span[] {
  const what = child.choiceName ?? 'the class';
  const text =
    child.outcome === 'enrolled'
      ? `: a seat in ${what} (${rankText(child.rank)}).`
      : child.outcome === 'waitlisted'
        ? `: on the waitlist for ${what} (${rankText(child.rank)})${child.place ? `, place ${child.place}` : ''}. ` +
          'No choice had a seat left for them when their turn came; a seat freed goes to the next on the waitlist.'
        : child.reason
          ? `: not placed. ${child.reason}`
          : `: not placed. None of the classes asked for takes children in ${child.firstName}'s grade.`;
  return [strong(child.firstName), { text }];
}

export function lotteryNoticeContent(notice: LotteryNotice, site: MailSite & { timeZone: string }): MailContent {
  const resultsUrl = `${site.siteUrl}/account/lottery`;
  return {
    subject: `Lottery results for ${notice.semesterName}`,
    blocks: [
      paragraph(`The lottery draw for ${notice.semesterName} is published. What it gave your children:`),
      list(notice.children.map(childLine)),
      paragraph(
        `The seats left after the draw open to everyone, first come first served, on ${momentText(notice.seatsOpen, site.timeZone)}.`,
      ),
      { button: { label: 'See your results', url: resultsUrl } },
      paragraph(
        `The draw's seed is ${notice.seed}. With it, anyone can run the draw again and check its result: `,
        link('how the draw works', resultsUrl),
        '.',
      ),
      contactLine(site, 'Questions?'),
    ],
    why: `You receive this e-mail because you asked for seats in ${notice.semesterName}'s lottery on ${site.programme}'s portal.`,
  };
}
