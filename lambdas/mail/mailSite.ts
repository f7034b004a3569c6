// What frames every e-mail: the programme's name, its logo on the site, the site's address for links, and
// the contact families write to (the configuration values `programmeName` and `contactEmail`), and the
// programme's time zone.
import { DEFAULT_PROGRAMME_NAME } from '../contract/configNames';
import type { MailFrame } from '../contract/mail/mailBlocks';
import { requiredEnv } from '../platform/env';
import { programmeTimeZoneOf, readConfigValues } from '../catalogue/settings';
import type { MailSite } from '../contract/mail/announcement';

/** The frame, and the clock the e-mails' moments read on: the programme's time zone. */
export type PortalMailSite = MailSite & MailFrame & { timeZone: string };

const siteUrl = requiredEnv('SITE_URL').replace(/\/+$/, '');

export async function mailSite(): Promise<PortalMailSite> {
  const values = await readConfigValues();
  const text = (name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const contactEmail = text('contactEmail');
  return {
    siteUrl,
    programme: text('programmeName') ?? DEFAULT_PROGRAMME_NAME,
    logoUrl: `${siteUrl}/mail-logo.png`,
    timeZone: programmeTimeZoneOf(values),
    ...(contactEmail && { contactEmail }),
  };
}
