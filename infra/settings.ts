// What differs between deployments, read from CDK context (`cdk deploy -c name=value` or cdk.json), checked
// once so a typo fails the synth instead of a half-configured deploy.
import type { Construct } from 'constructs';

export interface PortalSettings {
  /**
   * A copy of the portal beside others in one account (`staging`): part of the stack's name, so each copy
   * has stacks, and account-wide names, of its own. Without it the stack is `RegistrationPortal`.
   */
  stage?: string;
  /** The AWS region to deploy to; otherwise the CLI's profile decides. */
  region?: string;
  /** Sender of the portal's own e-mail, `Name <address>` or an address; SES is switched on by it. */
  mailFrom?: string;
  /**
   * An SES identity that already exists in the region (the sender's address, or its domain): the portal
   * sends through it instead of making the address's identity, which SES would refuse as a duplicate.
   */
  mailIdentity?: string;
  /**
   * The user pool's e-mails (sign-up codes, password resets) go through SES as `mailFrom`: Cognito's own
   * e-mail sends only a few a day. Cognito refuses an SES sender that is not verified yet, so this is a
   * second step, once the verification link the first deploy sent has been clicked.
   */
  poolMailThroughSes: boolean;
  /** E-mails a second the mailer sends: the account's SES sending rate (SES console, account dashboard). */
  mailRate?: number;
  /** The sender's domain as SES identity with DKIM (its records are stack outputs); `mailFrom` must be at it. */
  mailDomain?: string;
  /** The site's own domain (e.g. `portal.mountainschool.org`) with its ACM certificate from us-east-1. */
  domain?: { name: string; certificateArn: string };
  /** Who is e-mailed when an operational alarm goes off or clears (none: the alarms' topic has no subscriber). */
  alarmEmails: string[];
  /**
   * The programme's size, which the capacity plan sizes the day from (infra/capacity.ts): the families expected
   * at the opening and the semester's classes. Route throttles and the table's warm throughput follow them;
   * `npm run capacity -- --families N` prints what to ask AWS for at that size.
   */
  size: { families?: number; classes?: number };
}

type SettingName =
  | 'stage'
  | 'region'
  | 'mailFrom'
  | 'mailIdentity'
  | 'poolMail'
  | 'mailRate'
  | 'mailDomain'
  | 'domainName'
  | 'certificateArn'
  | 'alarmEmail'
  | 'families'
  | 'classes';

export function portalSettings(scope: Construct): PortalSettings {
  const read = (name: SettingName): string | undefined => {
    const value: unknown = scope.node.tryGetContext(name);
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`Context value ${name} must be a string.`);
    return value.trim();
  };
  const stage = read('stage');
  if (stage !== undefined && !/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(
      `Context value stage must be a lower-case letter, then up to 19 letters, digits or hyphens, not "${stage}".`,
    );
  }
  const mailFrom = read('mailFrom');
  if (mailFrom !== undefined) mailAddress(mailFrom);
  const mailIdentity = read('mailIdentity');
  if (mailIdentity !== undefined) {
    if (mailFrom === undefined)
      throw new Error("Context value mailIdentity needs mailFrom: it is the sender's identity.");
    const address = mailAddress(mailFrom).toLowerCase();
    if (mailIdentity.toLowerCase() !== address && mailIdentity.toLowerCase() !== address.split('@')[1]) {
      throw new Error(
        `Context value mailIdentity must be the sender's address or its domain (${address}), not "${mailIdentity}".`,
      );
    }
  }
  // An identity that exists already is verified: the user pool can send through SES from the first deploy.
  const poolMail = read('poolMail') ?? (mailIdentity !== undefined ? 'ses' : 'cognito');
  if (poolMail !== 'cognito' && poolMail !== 'ses')
    throw new Error(`Context value poolMail must be ses or cognito, not "${poolMail}".`);
  if (poolMail === 'ses' && mailFrom === undefined)
    throw new Error('Context value poolMail=ses needs mailFrom: the user pool sends as that sender.');
  const mailRate = read('mailRate');
  if (mailRate !== undefined && !(Number(mailRate) > 0))
    throw new Error(`Context value mailRate must be a number of e-mails a second above 0, not "${mailRate}".`);
  const mailDomain = read('mailDomain')?.toLowerCase();
  if (mailDomain !== undefined) {
    if (mailFrom === undefined) throw new Error('Context value mailDomain needs mailFrom, an address at that domain.');
    if (!mailAddress(mailFrom).toLowerCase().endsWith(`@${mailDomain}`))
      throw new Error(`Context value mailFrom must be an address at mailDomain (${mailDomain}).`);
  }
  const domainName = read('domainName');
  const certificateArn = read('certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('Context values domainName and certificateArn go together: a custom domain needs its certificate.');
  }
  if (certificateArn !== undefined && !certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    throw new Error(
      'Context value certificateArn must name an ACM certificate in us-east-1: CloudFront only uses certificates from there.',
    );
  }
  const alarmEmails = (read('alarmEmail') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  for (const address of alarmEmails) {
    if (!/^[^@\s<>,]+@[^@\s<>,]+\.[^@\s<>,]+$/.test(address))
      throw new Error(`Context value alarmEmail must be e-mail addresses separated by commas, not "${address}".`);
  }
  const count = (name: 'families' | 'classes', most: number): number | undefined => {
    const value = read(name);
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > most)
      throw new Error(
        `Context value ${name} must be a whole number from 1 to ${most.toLocaleString('en-US')}, not "${value}".`,
      );
    return Number(value);
  };
  const families = count('families', 1_000_000);
  const classes = count('classes', 10_000);
  return {
    stage,
    region: read('region'),
    mailFrom,
    mailIdentity,
    poolMailThroughSes: poolMail === 'ses',
    ...(mailRate !== undefined && { mailRate: Number(mailRate) }),
    ...(mailDomain !== undefined && { mailDomain }),
    domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
    alarmEmails,
    size: { ...(families !== undefined && { families }), ...(classes !== undefined && { classes }) },
  };
}

/** The bare address of `Name <address>` or of an address. */
export function mailAddress(mailFrom: string): string {
  const address = /<([^<>\s]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  if (!/^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/.test(address)) {
    throw new Error(`Context value mailFrom is not an e-mail address: "${mailFrom}".`);
  }
  return address;
}

/** The display name of `Name <address>`, if it has one. */
export function mailName(mailFrom: string): string | undefined {
  return /^(.*?)\s*<[^<>]*>\s*$/.exec(mailFrom)?.[1]?.trim() || undefined;
}
