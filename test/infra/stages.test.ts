// Stages kept with the code: a deploy that names a stage gets every setting cdk.json keeps for it, a production
// stage refuses to synthesize without what families need, and its stacks are protected from deletion.
import { App } from 'aws-cdk-lib';
import { readFileSync } from 'node:fs';
import { deployCommands, keptStageNames } from '../../infra/deploy';
import { portalSettings } from '../../infra/settings';
import { synthesizePortal } from './synthesize';

const stages = (JSON.parse(readFileSync('cdk.json', 'utf8')) as { context: { stages: Record<string, any> } }).context
  .stages;
const settingsOf = (context: Record<string, unknown>) => portalSettings(new App({ context: { stages, ...context } }));

describe('the production stage kept in cdk.json', () => {
  const production = synthesizePortal({ context: { stage: 'production' } });

  test('its stacks, the portal and its edge, have termination protection', () => {
    expect(production.stack.terminationProtection).toBe(true);
    expect(production.assembly.getStackByName('RegistrationPortal-productionEdge').terminationProtection).toBe(true);
  });

  test('it sends from its domain with DKIM, the user pool through SES, and tells someone of an alarm', () => {
    production.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mountainschool.org' });
    production.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'DEVELOPER' },
    });
    expect(settingsOf({ stage: 'production' }).alarmEmails.length).toBeGreaterThan(0);
  });
});

test('a stage without production is not protected; without a stage, neither', () => {
  expect(settingsOf({ stage: 'staging' }).production).toBe(false);
  expect(settingsOf({}).production).toBe(false);
  expect(synthesizePortal().stack.terminationProtection).toBe(false);
});

test("a stage's settings come from cdk.json, and a -c on the command line goes over one", () => {
  const kept = settingsOf({ stage: 'production' });
  expect(kept).toMatchObject({ region: stages.production.region, mailDomain: stages.production.mailDomain });
  expect(settingsOf({ stage: 'production', region: 'eu-central-1' }).region).toBe('eu-central-1');
});

test('a stage cdk.json does not keep is refused, naming the ones it keeps', () => {
  expect(() => settingsOf({ stage: 'prodution' })).toThrow(
    "Stage prodution is not in cdk.json's stages (staging, production): add its settings there first.",
  );
});

describe('a production stage refuses to synthesize without', () => {
  const { mailDomain: _domain, poolMail: _poolMail, alarmEmail: _alarm, ...bare } = stages.production;
  const refused = (entry: Record<string, unknown>) => () =>
    portalSettings(new App({ context: { stages: { production: entry }, stage: 'production' } }));

  test.each([
    ['a mail domain with DKIM', { ...stages.production, mailDomain: undefined }, /needs mailDomain/],
    ['the user pool through SES', { ...stages.production, poolMail: 'cognito' }, /needs poolMail=ses/],
    ['an alarm address', { ...stages.production, alarmEmail: undefined }, /needs alarmEmail/],
  ])('%s', (_what, entry, message) => {
    expect(refused(JSON.parse(JSON.stringify(entry)))).toThrow(message);
  });

  test('any of them, naming all that are missing', () => {
    expect(refused(bare)).toThrow(
      "Stage production is a production stage and needs mailDomain (the sender's domain, with DKIM), poolMail=ses (the user pool's codes through SES), alarmEmail (who is told of an alarm): set it in cdk.json's stages.",
    );
  });

  test('but a domain identity that exists already stands for the mail domain', () => {
    const entry = { ...bare, mailIdentity: 'mountainschool.org', poolMail: 'ses', alarmEmail: 'it@mountainschool.org' };
    expect(refused(entry)()).toMatchObject({ production: true, poolMailThroughSes: true });
  });
});

test("a stage's first deploy leaves the pool's codes to Cognito once, and only when asked", () => {
  expect(settingsOf({ stage: 'production' }).poolMailThroughSes).toBe(true);
  expect(settingsOf({ stage: 'production', firstDeploy: 'true' }).poolMailThroughSes).toBe(false);
});

test('settings in cdk.json that are not settings are refused', () => {
  expect(() => settingsOf({ stages: { staging: { mailfrom: 'a@b.example' } }, stage: 'staging' })).toThrow(
    'Stage staging in cdk.json has an unknown setting mailfrom.',
  );
  expect(() => settingsOf({ stages: { staging: { families: 100 } }, stage: 'staging' })).toThrow(
    'Setting families of stage staging must be a string.',
  );
});

describe('npm run deploy -- <stage>', () => {
  test('builds the web app, then deploys both stacks with the stage named', () => {
    expect(deployCommands('production', keptStageNames())).toEqual([
      ['npm', 'run', 'build:web'],
      ['npx', 'cdk', 'deploy', '--all', '--no-notices', '-c', 'stage=production'],
    ]);
  });

  test("--first is the first deploy's, and cdk's own options pass on", () => {
    expect(
      deployCommands('staging', keptStageNames(), { first: true, cdkArguments: ['--profile', 'school'] })[1],
    ).toEqual([
      'npx',
      'cdk',
      'deploy',
      '--all',
      '--no-notices',
      '-c',
      'stage=staging',
      '-c',
      'firstDeploy=true',
      '--profile',
      'school',
    ]);
  });

  test('a stage cdk.json does not keep is refused before anything is built', () => {
    expect(() => deployCommands('prod', keptStageNames())).toThrow(
      'There is no stage "prod" in cdk.json\'s stages (staging, production): add its settings there first.',
    );
  });
});
