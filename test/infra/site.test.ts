// The site: a private bucket behind CloudFront, the SPA fallback that leaves the API alone, security
// headers, `/api/*` to the HTTP API, and the build with its config.json deployed by the stack.
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDGE_REGION, edgeAclParameterName } from '../../infra/edge-acl';
import { portalApp, STACK_NAME } from '../../infra/portal-app';
import { cachedReadPolicy } from '../../infra/routes';
import { ADDRESS_LIMIT } from '../../infra/throttles';
import { contentSecurityPolicy } from '../../infra/site';
import { spaRoutingSource } from '../../infra/spa-routing';
import { logicalId, synthesizePortal, TEST_REGION } from './synthesize';
import { feeds } from '../../lambdas/platform/deployment';

const { stack, template, assembly } = synthesizePortal();
const resources = template.toJSON().Resources as Record<
  string,
  { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] }
>;
const site = stack.node.findChild('Site');
const bucketId = logicalId(site.node.findChild('Bucket'));
const logsId = logicalId(site.node.findChild('AccessLogs'));
const distributionId = logicalId(site.node.findChild('Distribution'));
const distribution = (resources[distributionId]!.Properties as { DistributionConfig: Record<string, unknown> })
  .DistributionConfig;
const apiId = logicalId(stack.node.findChild('Api').node.findChild('HttpApi'));
const users = stack.node.findChild('Users');

describe('the site bucket', () => {
  test('is private, versioned, encrypted and logged', () => {
    expect(resources[bucketId]!.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LoggingConfiguration: { DestinationBucketName: { Ref: logsId } },
    });
  });

  test('refuses requests without TLS and lets only this distribution read, through origin access control', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Principal: { AWS: '*' },
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: {
              StringEquals: { 'AWS:SourceArn': { 'Fn::Join': ['', Match.arrayWith([{ Ref: distributionId }])] } },
            },
          }),
        ]),
      },
    });
    const [s3Origin] = distribution.Origins as Array<Record<string, unknown>>;
    expect(s3Origin).toMatchObject({
      DomainName: { 'Fn::GetAtt': [bucketId, 'RegionalDomainName'] },
      OriginAccessControlId: { 'Fn::GetAtt': [expect.any(String), 'Id'] },
    });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
  });
});

describe('the SPA fallback', () => {
  const route = new Function(`${spaRoutingSource}; return handler;`)() as (event: { request: { uri: string } }) => {
    uri: string;
  };

  test.each([
    ['/', '/index.html'],
    ['/user/reset', '/index.html'],
    ['/admin/classes/nordic-skiing', '/index.html'],
    ['/account/enrollments/', '/index.html'],
    ['/config.json', '/config.json'],
    ['/assets/index-DZkwArkY.js', '/assets/index-DZkwArkY.js'],
    ['/logo.svg', '/logo.svg'],
    ['/sw.js', '/sw.js'],
    ['/class-day.webmanifest', '/class-day.webmanifest'],
  ])('%s is served from %s', (uri, served) => {
    expect(route({ request: { uri } }).uri).toBe(served);
  });

  test('runs on viewer requests of the default behaviour only, and no error response turns failures into index.html', () => {
    const [functionId] = Object.entries(resources).find(
      ([, resource]) => resource.Type === 'AWS::CloudFront::Function',
    )!;
    expect(resources[functionId]!.Properties).toMatchObject({
      FunctionCode: spaRoutingSource,
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
    });
    expect(distribution.DefaultCacheBehavior).toMatchObject({
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      ],
    });
    for (const behavior of distribution.CacheBehaviors as Array<Record<string, unknown>>)
      expect(behavior.FunctionAssociations).toBeUndefined();
    expect(distribution.CustomErrorResponses).toBeUndefined();
    expect(distribution.DefaultRootObject).toBe('index.html');
  });
});

test("/api/* goes to the HTTP API uncached, with the viewer's headers (Authorization among them) but Host", () => {
  const apiBehaviors = (distribution.CacheBehaviors as Array<Record<string, unknown>>).filter(
    (behavior) => behavior.PathPattern === '/api/*',
  );
  expect(apiBehaviors).toHaveLength(1);
  const [apiBehavior] = apiBehaviors as [Record<string, unknown>];
  expect(apiBehavior).toMatchObject({
    CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
    OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
    ViewerProtocolPolicy: 'https-only',
    AllowedMethods: expect.arrayContaining(['POST', 'OPTIONS']),
  });
  const apiOrigin = (distribution.Origins as Array<Record<string, unknown>>).find(
    (origin) => origin.Id === apiBehavior.TargetOriginId,
  );
  expect(apiOrigin).toMatchObject({
    DomainName: { 'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [apiId, 'ApiEndpoint'] }] }] },
    CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
  });
  expect(apiOrigin!.OriginPath).toBeUndefined();
});

test.each(Object.values(feeds))('the feed $path is cached per query string, from the same API origin', (feed) => {
  const behaviors = distribution.CacheBehaviors as Array<Record<string, unknown>>;
  const feedBehavior = behaviors.find((behavior) => behavior.PathPattern === `/api${feed.path}`)!;
  const apiBehavior = behaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
  // CloudFront picks the first matching pattern: the feed's must come before /api/*.
  expect(behaviors.indexOf(feedBehavior)).toBeLessThan(behaviors.indexOf(apiBehavior));
  expect(feedBehavior).toMatchObject({
    TargetOriginId: apiBehavior.TargetOriginId,
    ViewerProtocolPolicy: 'https-only',
  });
  expect(feedBehavior.AllowedMethods).toBeUndefined(); // CloudFront's default: GET and HEAD only
  const policy = resources[(feedBehavior.CachePolicyId as { Ref: string }).Ref]!.Properties.CachePolicyConfig as Record<
    string,
    any
  >;
  expect(policy).toMatchObject({
    DefaultTTL: 900,
    MaxTTL: 3600,
    MinTTL: 0,
    ParametersInCacheKeyAndForwardedToOrigin: { QueryStringsConfig: { QueryStringBehavior: 'all' } },
  });
});

test('/api/get/* (the cached catalogue reads) goes to the same API origin, GET and HEAD only, cached per payload, only the language forwarded', () => {
  const behaviors = distribution.CacheBehaviors as Array<Record<string, unknown>>;
  const cachedBehavior = behaviors.find((behavior) => behavior.PathPattern === '/api/get/*')!;
  const apiBehavior = behaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
  expect(behaviors.indexOf(cachedBehavior)).toBeLessThan(behaviors.indexOf(apiBehavior));
  expect(cachedBehavior).toMatchObject({
    TargetOriginId: apiBehavior.TargetOriginId,
    ViewerProtocolPolicy: 'https-only',
  });
  expect(cachedBehavior.AllowedMethods).toBeUndefined(); // CloudFront's default: GET and HEAD only
  // Besides the cache key only the caller's language reaches the API (a refusal's words), outside the key: no token.
  const forwarded = resources[(cachedBehavior.OriginRequestPolicyId as { Ref: string }).Ref]!.Properties
    .OriginRequestPolicyConfig as Record<string, any>;
  expect(forwarded).toMatchObject({
    HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['accept-language'] },
    CookiesConfig: { CookieBehavior: 'none' },
    QueryStringsConfig: { QueryStringBehavior: 'none' },
  });
  const policy = resources[(cachedBehavior.CachePolicyId as { Ref: string }).Ref]!.Properties
    .CachePolicyConfig as Record<string, any>;
  expect(policy).toEqual({
    Comment: expect.any(String),
    Name: expect.any(String),
    MinTTL: cachedReadPolicy.minSeconds,
    DefaultTTL: cachedReadPolicy.defaultSeconds,
    MaxTTL: cachedReadPolicy.maxSeconds,
    ParametersInCacheKeyAndForwardedToOrigin: {
      QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['payload'] },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
    },
  });
  expect(cachedReadPolicy).toEqual({ minSeconds: 0, defaultSeconds: 2, maxSeconds: 5 });
});

describe('the web ACL on the distribution', () => {
  const edge = assembly.getStackByName(`${STACK_NAME}Edge`);
  const edgeResources = edge.template.Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
  const ofType = (type: string) => Object.entries(edgeResources).filter(([, resource]) => resource.Type === type);
  const parameterName = edgeAclParameterName(STACK_NAME);

  test(`lives in a stack of its own in ${EDGE_REGION} (CloudFront takes web ACLs from there only), deployed before the portal's, with the topic of CloudFront's alarm and the alarm on its blocks`, () => {
    expect(edge.environment.region).toBe(EDGE_REGION);
    expect(assembly.getStackByName(STACK_NAME).dependencies.map((dependency) => dependency.id)).toContain(edge.id);
    expect(
      Object.values(edgeResources)
        .map((resource) => resource.Type)
        .sort(),
    ).toEqual([
      'AWS::CloudWatch::Alarm',
      'AWS::SNS::Topic',
      'AWS::SNS::TopicPolicy',
      'AWS::SSM::Parameter',
      'AWS::WAFv2::WebACL',
    ]);
  });

  test(`blocks one address after ${ADDRESS_LIMIT.requests} API requests in ${ADDRESS_LIMIT.windowSeconds} s, with API Gateway's 429 and body`, () => {
    const [aclId, acl] = ofType('AWS::WAFv2::WebACL')[0]!;
    expect(acl.Properties).toMatchObject({
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      CustomResponseBodies: {
        TooManyRequests: { ContentType: 'APPLICATION_JSON', Content: '{"message":"Too Many Requests"}' },
      },
    });
    const rateRule = (acl.Properties.Rules as Array<Record<string, any>>).find(
      (rule) => rule.Name === 'ApiRequestsPerAddress',
    );
    expect(rateRule).toMatchObject({
      Priority: 1,
      Action: { Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } },
      VisibilityConfig: { MetricName: 'RegistrationPortal-api-requests-per-address', CloudWatchMetricsEnabled: true },
      Statement: {
        RateBasedStatement: {
          Limit: ADDRESS_LIMIT.requests,
          EvaluationWindowSec: ADDRESS_LIMIT.windowSeconds,
          AggregateKeyType: 'IP',
          ScopeDownStatement: {
            ByteMatchStatement: {
              FieldToMatch: { UriPath: {} },
              PositionalConstraint: 'STARTS_WITH',
              SearchString: '/api/',
            },
          },
        },
      },
    });
    const [, parameter] = ofType('AWS::SSM::Parameter')[0]!;
    expect(parameter.Properties).toMatchObject({
      Name: parameterName,
      Type: 'String',
      Value: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });

  test("runs AWS's managed rule groups: known attackers' addresses first, then the common rules and known bad inputs", () => {
    const [, acl] = ofType('AWS::WAFv2::WebACL')[0]!;
    const rules = acl.Properties.Rules as Array<Record<string, any>>;
    expect(rules.map((rule) => [rule.Priority, rule.Name])).toEqual([
      [0, 'AWSManagedRulesAmazonIpReputationList'],
      [1, 'ApiRequestsPerAddress'],
      [2, 'AWSManagedRulesCommonRuleSet'],
      [3, 'AWSManagedRulesKnownBadInputsRuleSet'],
    ]);
    for (const rule of rules.filter((rule) => rule.Name.startsWith('AWSManaged'))) {
      expect(rule).toMatchObject({
        OverrideAction: { None: {} },
        Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: rule.Name } },
        VisibilityConfig: { MetricName: `RegistrationPortal-${rule.Name}`, CloudWatchMetricsEnabled: true },
      });
      expect(rule.Action).toBeUndefined();
    }
    const common = rules.find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet')!;
    // The functions refuse oversized bodies themselves; a catalogue read of many classes may pass 2 KB of query.
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
      { Name: 'SizeRestrictions_QUERYSTRING', ActionToUse: { Count: {} } },
    ]);
    expect(acl.Properties.VisibilityConfig.MetricName).toBe('RegistrationPortal-edge');
  });

  test("is the distribution's, read from the edge stack's parameter in us-east-1 with a grant for that parameter only", () => {
    const readerId = logicalId(site.node.findChild('EdgeWebAclArn').node.findChild('Resource'));
    expect(distribution.WebACLId).toEqual({ 'Fn::GetAtt': [readerId, 'Parameter.Value'] });
    const call = JSON.parse(resources[readerId]!.Properties.Update as string) as Record<string, unknown>;
    expect(call).toMatchObject({
      service: 'SSM',
      action: 'getParameter',
      parameters: { Name: parameterName },
      region: EDGE_REGION,
    });
    expect(JSON.parse(resources[readerId]!.Properties.Create as string)).toEqual(call);
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          {
            Action: 'ssm:GetParameter',
            Effect: 'Allow',
            Resource: {
              'Fn::Join': [
                '',
                [
                  'arn:',
                  { Ref: 'AWS::Partition' },
                  `:ssm:${EDGE_REGION}:`,
                  { Ref: 'AWS::AccountId' },
                  `:parameter${parameterName}`,
                ],
              ],
            },
          },
        ],
      },
    });
  });
});

test('the distribution redirects to HTTPS, logs its requests and sends the security headers on every behaviour', () => {
  const headersPolicy = { Ref: expect.any(String) };
  expect(distribution).toMatchObject({
    DefaultCacheBehavior: {
      ViewerProtocolPolicy: 'redirect-to-https',
      CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
      ResponseHeadersPolicyId: headersPolicy,
    },
    Logging: { Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] } },
  });
  const policyId = (distribution.DefaultCacheBehavior as { ResponseHeadersPolicyId: { Ref: string } })
    .ResponseHeadersPolicyId;
  for (const behavior of distribution.CacheBehaviors as Array<Record<string, unknown>>)
    expect(behavior.ResponseHeadersPolicyId).toEqual(policyId);
  expect(resources[policyId.Ref]!.Properties).toMatchObject({
    ResponseHeadersPolicyConfig: {
      SecurityHeadersConfig: {
        ContentSecurityPolicy: { ContentSecurityPolicy: contentSecurityPolicy(TEST_REGION), Override: true },
        StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ContentTypeOptions: { Override: true },
      },
    },
  });
});

test("the content security policy allows the site itself (the class day's worker and manifest by name) and the region's Cognito endpoint, and nothing else", () => {
  const directives = Object.fromEntries(
    contentSecurityPolicy(TEST_REGION)
      .split('; ')
      .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
  );
  expect(directives).toEqual({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", `https://cognito-idp.${TEST_REGION}.amazonaws.com`],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
});

describe('the web app deployment', () => {
  const deployments = Object.fromEntries(
    Object.entries(resources)
      .filter(([, resource]) => resource.Type === 'Custom::CDKBucketDeployment')
      .map(([id, resource]) => [id.includes('WebAssets') ? 'assets' : 'entry', { id, ...resource }]),
  );

  test('uploads the hashed assets as immutable and keeps those of earlier builds for open tabs', () => {
    expect(deployments.assets!.Properties).toMatchObject({
      DestinationBucketName: { Ref: bucketId },
      Exclude: ['*'],
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  test('then the rest and config.json, revalidated on every visit, pruned, and the CDN invalidated', () => {
    expect(deployments.entry!.Properties).toMatchObject({
      DestinationBucketName: { Ref: bucketId },
      Exclude: ['assets/*'],
      Prune: true,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionId: { Ref: distributionId },
      DistributionPaths: ['/*'],
    });
    expect(deployments.entry!.DependsOn).toContain(deployments.assets!.id);
  });

  test("the class day's service worker, manifest and icons go with the entry, revalidated on every visit, so a new deploy reaches the phones; no source map goes", () => {
    const properties = deployments.entry!.Properties as { SourceObjectKeys: string[] };
    const buildAsset = properties.SourceObjectKeys[0]!.replace(/\.zip$/, '');
    const root = readdirSync(join(assembly.directory, `asset.${buildAsset}`));
    expect(root).toEqual(
      expect.arrayContaining([
        'sw.js',
        'class-day.webmanifest',
        'class-day-192.png',
        'class-day-512.png',
        'class-day-maskable-512.png',
      ]),
    );
    expect(root.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(deployments.entry!.Properties).toMatchObject({
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
  });

  test('config.json names this region, the pool and its web client, and the API at /api', () => {
    const properties = deployments.entry!.Properties as {
      SourceObjectKeys: string[];
      SourceMarkers: Array<Record<string, unknown>>;
    };
    const configAsset = properties.SourceObjectKeys[1]!.replace(/\.zip$/, '');
    const config = JSON.parse(
      readFileSync(join(assembly.directory, `asset.${configAsset}`, 'config.json'), 'utf8'),
    ) as Record<string, string>;
    const markers = properties.SourceMarkers[1]!;
    expect({
      ...config,
      userPoolId: markers[config.userPoolId!],
      userPoolClientId: markers[config.userPoolClientId!],
    }).toEqual({
      region: TEST_REGION,
      userPoolId: { Ref: logicalId(users.node.findChild('Pool')) },
      userPoolClientId: { Ref: logicalId(users.node.findChild('Pool').node.findChild('WebClient')) },
      apiBaseUrl: '/api',
    });
  });

  test('without a built web app the synth stops and says how to build it', () => {
    expect(() =>
      portalApp(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'test/infra/no-such-build'),
    ).toThrow(
      /The web app is not built: .*test\/infra\/no-such-build\/index\.html is missing\. Run `npm run build:web` first\./,
    );
  });
});

test('the stack puts out the site URL, the API URL, the pool and client ids and the table name', () => {
  expect(stack.stackName).toBe(STACK_NAME);
  template.hasOutput('SiteUrl', {
    Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] },
  });
  template.hasOutput('ApiUrl', { Value: { 'Fn::Join': ['', Match.arrayWith([{ Ref: apiId }, '/api'])] } });
  template.hasOutput('UserPoolId', { Value: { Ref: logicalId(users.node.findChild('Pool')) } });
  template.hasOutput('UserPoolClientId', {
    Value: { Ref: logicalId(users.node.findChild('Pool').node.findChild('WebClient')) },
  });
  template.hasOutput('TableName', { Value: { Ref: logicalId(stack.node.findChild('Table')) } });
});

test("the deploy guide's monthly cost of the web ACLs is the synthesized stacks'", () => {
  // AWS WAF charges $5 a month for a web ACL and $1 for each rule or rule group in it.
  const acls = [assembly.getStackByName(`${STACK_NAME}Edge`).template, template.toJSON()].flatMap((stackTemplate) =>
    Object.values(stackTemplate.Resources as Record<string, { Type: string; Properties: { Rules: unknown[] } }>).filter(
      (resource) => resource.Type === 'AWS::WAFv2::WebACL',
    ),
  );
  const rules = acls.reduce((total, acl) => total + acl.Properties.Rules.length, 0);
  const guide = readFileSync('docs/deploying.md', 'utf8').replace(/\s+/g, ' ');
  expect(guide).toContain(
    `the stacks have ${acls.length} web ACLs with ${rules} rules and rule groups: $${5 * acls.length + rules} a month before requests`,
  );
});
