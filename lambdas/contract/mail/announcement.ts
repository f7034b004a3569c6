// What an administrator's announcement says, and what every e-mail shares with it: the programme's site, the
// line that says whom to ask, and why the family gets it. Here, below the mailer and the web app alike, because
// the messages screen previews an announcement exactly as families will read it.
import type { MessageChild } from '../mailRecords';
import { formattedText, link, paragraph, type MailBlock, type MailContent } from './mailBlocks';

/** Where the programme's links and contact come from. */
export interface MailSite {
  siteUrl: string;
  programme: string;
  contactEmail?: string;
}

export const contactLine = (site: MailSite, ask: string): MailBlock =>
  site.contactEmail
    ? paragraph(`${ask} Write to `, link(site.contactEmail, `mailto:${site.contactEmail}`), '.')
    : paragraph(`${ask} Reply to this e-mail.`);

/** "Ada", "Ada and Ben", "Ada, Ben and Cy". */
export function andList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "Teen0 and Teen1 are in Ice Climbing": the family's children, and the phrase for where they are. */
export const whyFor = (children: MessageChild[], where: string, site: MailSite) =>
  `You receive this e-mail because ${andList([...new Set(children.map((child) => child.name))])} ${
    new Set(children.map((child) => child.name)).size > 1 ? 'are' : 'is'
  } ${where} at ${site.programme}.`;

export function announcementContent(
  facts: { subject: string; text: string; children: MessageChild[]; where: string },
  site: MailSite,
): MailContent {
  return {
    subject: facts.subject,
    blocks: [...formattedText(facts.text), contactLine(site, 'Questions?')],
    why: whyFor(facts.children, facts.where, site),
    preferencesUrl: `${site.siteUrl}/account/manage`,
  };
}
