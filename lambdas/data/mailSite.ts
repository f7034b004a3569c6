// What frames every e-mail: the programme's name, its logo on the site, the site's address for links, and
// the contact families write to (the configuration values `programmeName` and `contactEmail`).
import { DEFAULT_PROGRAMME_NAME } from '../configNames';
import type { MailFrame } from '../shared/mailBlocks';
import { requiredEnv } from '../shared/env';
import type { MailSite } from '../shared/notices';
import { readConfigValues } from './settings';

const siteUrl = requiredEnv('SITE_URL').replace(/\/+$/, '');

export async function mailSite(): Promise<MailSite & MailFrame> {
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
    ...(contactEmail && { contactEmail }),
  };
}
