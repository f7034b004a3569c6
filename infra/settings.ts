// What differs between deployments, read from CDK context, checked once so a typo fails the synth instead of a
// half-configured deploy. A stage's settings are kept in cdk.json (`stages`), so a deploy that names the stage
// has all of them; a `-c name=value` on the command line goes over the stage's value.
import type { Construct } from 'constructs';
import { isTimeZone } from '../lambdas/contract/moments';

export interface PortalSettings {
  /**
   * A copy of the portal beside others in one account (`staging`): part of the stack's name, so each copy
   * has stacks, and account-wide names, of its own. Without it the stack is `RegistrationPortal`.
   */
  stage?: string;
  /**
   * The stage families use (`"production": true` in its cdk.json entry): it has to send mail from a domain with
   * DKIM, the user pool's codes included, and tell someone of its alarms; its stacks cannot be deleted while
   * their termination protection is on.
   */
  production: boolean;
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
  /** The account's SES quota of e-mails in 24 hours (same dashboard): its alarm goes off at 80 %. */
  mailDailyQuota?: number;
  /** A table `npm run restore` made, which the stack uses instead of its own (docs/deploying.md, Backups). */
  table?: string;
  /**
   * The programme's time zone (an IANA name such as `America/Denver`): every moment the portal shows, sends and
   * exports reads on its clock unless an administrator sets another in Settings. UTC when not given.
   */
  timeZone: string;
  /** X-Ray's active tracing on the registration day's functions (REGISTRATION_DAY_FUNCTIONS), for a day to look into. */
  tracing: boolean;
  /** The month's AWS budget in USD: AWS Budgets e-mails the alarm addresses at 80 % spent and at 100 % forecast. */
  monthlyBudget?: number;
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
  | 'firstDeploy'
  | 'region'
  | 'mailFrom'
  | 'mailIdentity'
  | 'poolMail'
  | 'mailRate'
  | 'mailDailyQuota'
  | 'monthlyBudget'
  | 'tracing'
  | 'timeZone'
  | 'table'
  | 'mailDomain'
  | 'domainName'
  | 'certificateArn'
  | 'alarmEmail'
  | 'families'
  | 'classes';

const SETTING_NAMES: ReadonlySet<string> = new Set<SettingName>([
  'region',
  'mailFrom',
  'mailIdentity',
  'poolMail',
  'mailRate',
  'mailDailyQuota',
  'monthlyBudget',
  'tracing',
  'timeZone',
  'table',
  'mailDomain',
  'domainName',
  'certificateArn',
  'alarmEmail',
  'families',
  'classes',
]);

/** A stage's entry in cdk.json's `stages`: its settings as `-c` would give them, and whether families use it. */
type StageEntry = Partial<Record<SettingName, string>> & { production?: boolean };

/** The stages kept in cdk.json, checked: only known settings, each a string. */
function keptStages(scope: Construct): Record<string, StageEntry> | undefined {
  const stages: unknown = scope.node.tryGetContext('stages');
  if (stages === undefined) return undefined;
  if (typeof stages !== 'object' || stages === null || Array.isArray(stages))
    throw new Error('Context value stages must be an object of stages by name.');
  for (const [name, entry] of Object.entries(stages)) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new Error(`Stage ${name} in cdk.json must be an object of settings.`);
    for (const [setting, value] of Object.entries(entry)) {
      if (setting === 'production' ? typeof value !== 'boolean' : typeof value !== 'string')
        throw new Error(
          `Setting ${setting} of stage ${name} must be ${setting === 'production' ? 'true or false' : 'a string'}.`,
        );
      if (setting !== 'production' && !SETTING_NAMES.has(setting))
        throw new Error(`Stage ${name} in cdk.json has an unknown setting ${setting}.`);
    }
  }
  return stages as Record<string, StageEntry>;
}

export function portalSettings(scope: Construct): PortalSettings {
  const context = (name: SettingName): string | undefined => {
    const value: unknown = scope.node.tryGetContext(name);
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`Context value ${name} must be a string.`);
    return value.trim();
  };
  const stage = context('stage');
  if (stage !== undefined && !/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(
      `Context value stage must be a lower-case letter, then up to 19 letters, digits or hyphens, not "${stage}".`,
    );
  }
  const stages = keptStages(scope);
  const kept = stage === undefined ? undefined : stages?.[stage];
  if (stage !== undefined && stages && !kept)
    throw new Error(
      `Stage ${stage} is not in cdk.json's stages (${Object.keys(stages).join(', ')}): add its settings there first.`,
    );
  const read = (name: SettingName): string | undefined => context(name) ?? (kept?.[name]?.trim() || undefined);
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
  const keptPoolMail = read('poolMail') ?? (mailIdentity !== undefined ? 'ses' : 'cognito');
  // A new domain is verified only once its DKIM records are in DNS, and Cognito refuses an unverified sender: the
  // first deploy of a stage (`npm run deploy -- <stage> --first`) leaves the pool's codes to Cognito, once.
  const firstDeploy = context('firstDeploy') === 'true';
  if (keptPoolMail !== 'cognito' && keptPoolMail !== 'ses')
    throw new Error(`Context value poolMail must be ses or cognito, not "${keptPoolMail}".`);
  if (keptPoolMail === 'ses' && mailFrom === undefined)
    throw new Error('Context value poolMail=ses needs mailFrom: the user pool sends as that sender.');
  const poolMail = firstDeploy ? 'cognito' : keptPoolMail;
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
  const count = (
    name: 'families' | 'classes' | 'mailDailyQuota' | 'monthlyBudget',
    most: number,
  ): number | undefined => {
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
  const mailDailyQuota = count('mailDailyQuota', 100_000_000);
  const monthlyBudget = count('monthlyBudget', 1_000_000);
  const table = read('table');
  if (table !== undefined && !/^[A-Za-z0-9_.-]{3,255}$/.test(table))
    throw new Error(`Context value table must be a DynamoDB table's name, not "${table}".`);
  const tracing = read('tracing') ?? 'off';
  if (tracing !== 'on' && tracing !== 'off')
    throw new Error(`Context value tracing must be on or off, not "${tracing}".`);
  const timeZone = read('timeZone') ?? 'UTC';
  if (!isTimeZone(timeZone))
    throw new Error(
      `Context value timeZone must be a time zone's IANA name such as America/Denver, not "${timeZone}".`,
    );
  const production = kept?.production === true;
  if (production) refuseUnfitForFamilies(stage!, { mailDomain, mailIdentity, poolMail: keptPoolMail, alarmEmails });
  return {
    stage,
    production,
    region: read('region'),
    mailFrom,
    mailIdentity,
    poolMailThroughSes: poolMail === 'ses',
    ...(mailRate !== undefined && { mailRate: Number(mailRate) }),
    ...(mailDailyQuota !== undefined && { mailDailyQuota }),
    ...(monthlyBudget !== undefined && { monthlyBudget }),
    tracing: tracing === 'on',
    timeZone,
    ...(table !== undefined && { table }),
    ...(mailDomain !== undefined && { mailDomain }),
    domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
    alarmEmails,
    size: { ...(families !== undefined && { families }), ...(classes !== undefined && { classes }) },
  };
}

/**
 * What a production stage cannot go without: e-mail from a domain signed with DKIM (a domain made here, or one
 * that exists already), the user pool's codes sent through it (Cognito's own e-mail sends a few a day), and
 * someone to tell of an alarm.
 */
function refuseUnfitForFamilies(
  stage: string,
  settings: { mailDomain?: string; mailIdentity?: string; poolMail: string; alarmEmails: string[] },
): void {
  const domainIdentity = settings.mailIdentity !== undefined && !settings.mailIdentity.includes('@');
  const missing = [
    ...(settings.mailDomain === undefined && !domainIdentity ? ["mailDomain (the sender's domain, with DKIM)"] : []),
    ...(settings.poolMail !== 'ses' ? ["poolMail=ses (the user pool's codes through SES)"] : []),
    ...(settings.alarmEmails.length === 0 ? ['alarmEmail (who is told of an alarm)'] : []),
  ];
  if (missing.length)
    throw new Error(
      `Stage ${stage} is a production stage and needs ${missing.join(', ')}: set it in cdk.json's stages.`,
    );
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
