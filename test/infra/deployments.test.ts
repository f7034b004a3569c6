// Deploys that work the first time, anywhere: copies of the portal side by side in one account (stages,
// regions), opt-in regions where CloudFront cannot log, an SES identity that exists already, helper log
// groups that expire and go with the stack, one AWS CLI layer, no source maps on the public site.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { RegionInfo } from 'aws-cdk-lib/region-info';
import { edgeLogBucketParameterName } from '../../infra/edge-acl';
import { portalStackName } from '../../infra/portal-app';
import { LOG_RETENTION } from '../../infra/portal-function';
import { portalSettings } from '../../infra/settings';
import { logicalId, synthesizePortal, TEST_ACCOUNT, TEST_REGION, type PortalSynth } from './synthesize';

type Resources = Record<string, { Type: string; Properties: Record<string, any>; DeletionPolicy?: string }>;
const resourcesOf = (synth: PortalSynth) => synth.template.toJSON().Resources as Resources;
const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type);
const distributionOf = (synth: PortalSynth) =>
  ofType(resourcesOf(synth), 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;

const home = synthesizePortal();
const staging = synthesizePortal({ context: { stage: 'staging', region: 'eu-central-1' } });
const optIn = synthesizePortal({ context: { region: 'eu-south-1' } });

describe('copies of the portal in one account', () => {
  test('a stage is part of the stack names, the edge stack and its parameters', () => {
    expect(home.stack.stackName).toBe('RegistrationPortal');
    expect(staging.stack.stackName).toBe(portalStackName('staging'));
    expect(staging.stack.stackName).toBe('RegistrationPortal-staging');
    const edge = staging.assembly.getStackByName('RegistrationPortal-stagingEdge');
    expect(edge.environment.region).toBe('us-east-1');
    const parameters = ofType(edge.template.Resources as Resources, 'AWS::SSM::Parameter');
    expect(parameters.map(([, parameter]) => parameter.Properties.Name)).toEqual([
      '/RegistrationPortal-staging/edge/web-acl-arn',
    ]);
  });

  test.each([
    ['AWS::CloudFront::ResponseHeadersPolicy', 'ResponseHeadersPolicyConfig', 'SecurityHeaders'],
    ['AWS::CloudFront::OriginAccessControl', 'OriginAccessControlConfig', 'SiteAccess'],
  ])('the %s, named per account by CloudFront, carries the stack name and region', (type, config, id) => {
    const nameIn = (synth: PortalSynth) => ofType(resourcesOf(synth), type)[0]![1].Properties[config].Name;
    expect(nameIn(home)).toBe(`RegistrationPortal-${TEST_REGION}-${id}`);
    expect(nameIn(staging)).toBe(`RegistrationPortal-staging-eu-central-1-${id}`);
    expect(nameIn(optIn)).toBe(`RegistrationPortal-eu-south-1-${id}`);
  });

  test('cache policies and CloudFront functions, named per account too, carry the region already', () => {
    const names = (synth: PortalSynth) => [
      ...ofType(resourcesOf(synth), 'AWS::CloudFront::CachePolicy').map(
        ([, policy]) => policy.Properties.CachePolicyConfig.Name,
      ),
      ...ofType(resourcesOf(synth), 'AWS::CloudFront::Function').map(([, fn]) => fn.Properties.Name),
    ];
    const all = [...names(home), ...names(staging), ...names(optIn)];
    expect(new Set(all).size).toBe(all.length);
  });

  test.each([
    [{ stage: 'Staging' }, /stage must be a lower-case letter/],
    [{ stage: '1st' }, /stage must be a lower-case letter/],
    [{ stage: 'a-stage-name-that-is-far-too-long' }, /stage must be a lower-case letter/],
  ])('%p is refused', (context, message) => {
    expect(() => portalSettings(new App({ context }))).toThrow(message);
  });
});

describe('CloudFront standard logs, which cannot go to a bucket in an opt-in region', () => {
  test(`in ${TEST_REGION} go to the access-log bucket of the portal's own region, and the edge stack holds no bucket`, () => {
    const logsId = logicalId(home.stack.node.findChild('Site').node.findChild('AccessLogs'));
    expect(distributionOf(home).Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    const edge = home.assembly.getStackByName('RegistrationPortalEdge');
    expect(ofType(edge.template.Resources as Resources, 'AWS::S3::Bucket')).toEqual([]);
    expect(home.template.toJSON().Rules?.CloudFrontLogsRegion).toBeUndefined();
  });

  test('in eu-south-1 go to a bucket of the edge stack in us-east-1, published as a parameter and read across regions', () => {
    expect(RegionInfo.get('eu-south-1').isOptInRegion).toBe(true);
    const edge = optIn.assembly.getStackByName('RegistrationPortalEdge');
    const edgeResources = edge.template.Resources as Resources;
    const [bucketId, bucket] = ofType(edgeResources, 'AWS::S3::Bucket')[0]!;
    expect(bucket.Properties).toMatchObject({
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: 90, Status: 'Enabled' }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, RestrictPublicBuckets: true },
    });
    expect(bucket.DeletionPolicy).toBe('Delete');
    const parameterName = edgeLogBucketParameterName('RegistrationPortal');
    expect(
      ofType(edgeResources, 'AWS::SSM::Parameter').find(
        ([, parameter]) => parameter.Properties.Name === parameterName,
      )![1].Properties.Value,
    ).toEqual({ Ref: bucketId });
    const readerId = logicalId(
      optIn.stack.node.findChild('Site').node.findChild('EdgeLogBucket').node.findChild('Resource'),
    );
    const call = JSON.parse(resourcesOf(optIn)[readerId]!.Properties.Update as string);
    expect(call).toMatchObject({ action: 'getParameter', parameters: { Name: parameterName }, region: 'us-east-1' });
    expect(distributionOf(optIn).Logging).toEqual({
      Bucket: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [readerId, 'Parameter.Value'] }, '.s3.us-east-1.amazonaws.com']] },
      Prefix: 'cloudfront/',
    });
  });

  test('a template synthesized without its region refuses the opt-in regions before it makes anything', () => {
    const agnostic = synthesizePortal({ environmentAgnostic: true });
    const rule = agnostic.template.toJSON().Rules.CloudFrontLogsRegion;
    const optInRegions = RegionInfo.regions.filter((region) => region.isOptInRegion).map((region) => region.name);
    expect(optInRegions).toEqual(expect.arrayContaining(['eu-south-1', 'af-south-1', 'ap-east-1', 'me-south-1']));
    expect(rule.Assertions).toEqual([
      {
        Assert: { 'Fn::Not': [{ 'Fn::Contains': [optInRegions, { Ref: 'AWS::Region' }] }] },
        AssertDescription: expect.stringMatching(/opt-in region: synthesize with the region known/),
      },
    ]);
  });
});

describe('an SES identity that exists already', () => {
  const mailFrom = 'Registration Portal <registration@mountainschool.example>';
  const identityArn = (identity: string) => [
    'arn:',
    { Ref: 'AWS::Partition' },
    `:ses:${TEST_REGION}:${TEST_ACCOUNT}:identity/${identity}`,
  ];
  const mailerGrants = (synth: PortalSynth) =>
    ofType(resourcesOf(synth), 'AWS::IAM::Policy')
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Array<Record<string, any>>)
      .filter((statement) => [statement.Action].flat().includes('ses:SendEmail'));

  test.each([['registration@mountainschool.example'], ['mountainschool.example']])(
    'mailIdentity=%s: no identity is made, the mailer sends through that one and the pool sends as it at once',
    (mailIdentity) => {
      // Verified already: nothing to wait for, so no poolMail=ses second step.
      const synth = synthesizePortal({ context: { mailFrom, mailIdentity } });
      synth.template.resourceCountIs('AWS::SES::EmailIdentity', 0);
      expect(mailerGrants(synth).map((statement) => statement.Resource)).toEqual([
        { 'Fn::Join': ['', identityArn(mailIdentity)] },
        // The portal's configuration set is its own either way.
        { 'Fn::Join': ['', expect.arrayContaining([`:ses:${TEST_REGION}:${TEST_ACCOUNT}:configuration-set/`])] },
      ]);
      synth.template.hasResourceProperties('AWS::Cognito::UserPool', {
        EmailConfiguration: {
          EmailSendingAccount: 'DEVELOPER',
          SourceArn: { 'Fn::Join': ['', identityArn(mailIdentity)] },
        },
      });
    },
  );

  test("poolMail=cognito keeps the pool on Cognito's e-mail even then", () => {
    const settings = portalSettings(
      new App({ context: { mailFrom, mailIdentity: 'mountainschool.example', poolMail: 'cognito' } }),
    );
    expect(settings.poolMailThroughSes).toBe(false);
  });

  test.each([
    [{ mailIdentity: 'mountainschool.example' }, /mailIdentity needs mailFrom/],
    [{ mailFrom, mailIdentity: 'otherschool.example' }, /must be the sender's address or its domain/],
    [{ mailFrom, mailIdentity: 'someone@mountainschool.example' }, /must be the sender's address or its domain/],
  ])('%p is refused', (context, message) => {
    expect(() => portalSettings(new App({ context }))).toThrow(message);
  });
});

describe("CDK's own helper functions", () => {
  test.each([
    ['the portal stack', home, () => resourcesOf(home)],
    ['the opt-in edge stack', optIn, () => optIn.assembly.getStackByName('RegistrationPortalEdge').template.Resources],
  ])('in %s log to a log group of the stack that expires and is removed with it', (_, _synth, resourcesFn) => {
    const resources = resourcesFn() as Resources;
    const functions = ofType(resources, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(0);
    for (const [id, fn] of functions) {
      const group = fn.Properties.LoggingConfig?.LogGroup;
      expect({ id, group }).toEqual({ id, group: { Ref: expect.any(String) } });
      expect(resources[group.Ref]).toMatchObject({
        Type: 'AWS::Logs::LogGroup',
        Properties: { RetentionInDays: LOG_RETENTION },
        DeletionPolicy: 'Delete',
      });
    }
  });

  test('the two web app deployments share one AWS CLI layer', () => {
    home.template.resourceCountIs('AWS::Lambda::LayerVersion', 1);
    const [layerId] = ofType(resourcesOf(home), 'AWS::Lambda::LayerVersion')[0]!;
    const handler = ofType(resourcesOf(home), 'AWS::Lambda::Function').find(([id]) =>
      id.startsWith('CustomCDKBucketDeployment'),
    )![1];
    expect(handler.Properties.Layers).toEqual([{ Ref: layerId }]);
  });
});

test('the web app goes to the public site without its source maps', () => {
  expect(readdirSync('web/dist/assets').some((file) => file.endsWith('.map'))).toBe(true);
  const deployment = ofType(resourcesOf(home), 'Custom::CDKBucketDeployment').find(([id]) => id.includes('WebAssets'))!;
  const asset = (deployment[1].Properties.SourceObjectKeys as string[])[0]!.replace(/\.zip$/, '');
  const staged = join(home.assembly.directory, `asset.${asset}`);
  expect(existsSync(join(staged, 'index.html'))).toBe(true);
  const files = readdirSync(staged, { recursive: true }).map(String);
  expect(files.filter((file) => file.startsWith('assets/')).length).toBeGreaterThan(0);
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
});
