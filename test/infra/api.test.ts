// The HTTP API: one route per manifest entry (POST for named functions, GET for feeds) to its own function,
// the JWT authorizer on exactly the user and admin routes, stage `api` with access logs and throttling.
import { portalRoutes } from '../../infra/functions';
import { routeKey, STAGE_NAME } from '../../infra/routes';
import { routeThrottle, stageThrottle } from '../../infra/throttles';
import { logicalId, manifestFunction, synthesizePortal, TEST_ACCOUNT, TEST_REGION } from './synthesize';

const { stack, template } = synthesizePortal();
const resources = template.toJSON().Resources as Record<
  string,
  { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] }
>;
const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);

const apiId = logicalId(stack.node.findChild('Api').node.findChild('HttpApi'));
const users = stack.node.findChild('Users');
const poolId = logicalId(users.node.findChild('Pool'));
const clientId = logicalId(users.node.findChild('Pool').node.findChild('WebClient'));
const [authorizerId] = ofType('AWS::ApiGatewayV2::Authorizer')[0]!;

test("the authorizer checks the pool's access tokens for the web client", () => {
  expect(ofType('AWS::ApiGatewayV2::Authorizer')).toHaveLength(1);
  template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
    ApiId: { Ref: apiId },
    AuthorizerType: 'JWT',
    IdentitySource: ['$request.header.Authorization'],
    JwtConfiguration: {
      Issuer: { 'Fn::Join': ['', [`https://cognito-idp.${TEST_REGION}.amazonaws.com/`, { Ref: poolId }]] },
      Audience: [{ Ref: clientId }],
    },
  });
});

describe.each(portalRoutes())('the $name route', (route) => {
  const fnArn = { 'Fn::GetAtt': [logicalId(manifestFunction(stack, route.name).handler), 'Arn'] };

  test(`is ${routeKey(route)} to its own Lambda, ${route.access === 'public' ? 'open to anyone' : 'behind the JWT authorizer'}`, () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').filter(
      ([, resource]) => resource.Properties.RouteKey === routeKey(route),
    );
    expect(routes).toHaveLength(1);
    const [, resource] = routes[0]!;
    expect(resource.Properties).toMatchObject(
      route.access === 'public'
        ? { ApiId: { Ref: apiId }, AuthorizationType: 'NONE' }
        : { ApiId: { Ref: apiId }, AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } },
    );
    if (route.access === 'public') expect(resource.Properties.AuthorizerId).toBeUndefined();
    const integrationId = (resource.Properties.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1][1] as {
      Ref: string;
    };
    expect(resources[integrationId.Ref]!.Properties).toMatchObject({
      IntegrationType: 'AWS_PROXY',
      IntegrationUri: fnArn,
      PayloadFormatVersion: '2.0',
    });
  });

  test('may be invoked by API Gateway on its own route only', () => {
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: fnArn,
      Principal: 'apigateway.amazonaws.com',
      SourceArn: {
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            `:execute-api:${TEST_REGION}:${TEST_ACCOUNT}:`,
            { Ref: apiId },
            `/*/*${route.path}`,
          ],
        ],
      },
    });
  });

  test(`is throttled as a ${route.access} route`, () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      RouteSettings: {
        [routeKey(route)]: {
          ThrottlingRateLimit: routeThrottle[route.access].rateLimit,
          ThrottlingBurstLimit: routeThrottle[route.access].burstLimit,
        },
      },
    });
  });
});

const cachedRoutes = portalRoutes().filter((route) => route.cachedPath !== undefined);

test("the API has no route but the manifest's: its functions, its feeds and the GETs of its cached reads", () => {
  const cachedKeys = cachedRoutes.map((route) => routeKey({ method: 'GET', path: route.cachedPath! }));
  expect(
    ofType('AWS::ApiGatewayV2::Route')
      .map(([, resource]) => resource.Properties.RouteKey)
      .sort(),
  ).toEqual([...portalRoutes().map(routeKey), ...cachedKeys].sort());
});

test("the cached reads are exactly the public catalogue reads (and the lines' progress and drawn order on a busy day)", () => {
  expect(cachedRoutes.map((route) => route.name).sort()).toEqual(
    [
      'availableEnrollmentClasses',
      'calendar',
      'classGroups',
      'classes',
      'classesBySemester',
      'config',
      'drawnLine',
      'fairStarts',
      'lineProgress',
      'lotteries',
      'semesterGroups',
      'semesters',
      'tshirtSizes',
    ].sort(),
  );
  for (const route of cachedRoutes)
    expect(route).toMatchObject({
      access: 'public',
      cachedPath: `/get/${route.name}`,
      cacheSeconds: expect.any(Number),
    });
});

describe.each(cachedRoutes)('the cached read $name', (route) => {
  const key = routeKey({ method: 'GET', path: route.cachedPath! });
  const fnArn = { 'Fn::GetAtt': [logicalId(manifestFunction(stack, route.name).handler), 'Arn'] };

  test(`is also ${key}, open to anyone, to the same Lambda as its POST`, () => {
    const [, resource] = ofType('AWS::ApiGatewayV2::Route').filter(
      ([, candidate]) => candidate.Properties.RouteKey === key,
    )[0]!;
    expect(resource.Properties).toMatchObject({ ApiId: { Ref: apiId }, AuthorizationType: 'NONE' });
    const [, post] = ofType('AWS::ApiGatewayV2::Route').filter(
      ([, candidate]) => candidate.Properties.RouteKey === routeKey(route),
    )[0]!;
    expect(resource.Properties.Target).toEqual(post.Properties.Target);
  });

  test('may be invoked by API Gateway on its GET path too, and is throttled as a public route', () => {
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: fnArn,
      Principal: 'apigateway.amazonaws.com',
      SourceArn: {
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            `:execute-api:${TEST_REGION}:${TEST_ACCOUNT}:`,
            { Ref: apiId },
            `/*/*${route.cachedPath}`,
          ],
        ],
      },
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      RouteSettings: {
        [key]: {
          ThrottlingRateLimit: routeThrottle.public.rateLimit,
          ThrottlingBurstLimit: routeThrottle.public.burstLimit,
        },
      },
    });
  });
});

test(`the one stage is "${STAGE_NAME}", deployed automatically, with JSON access logs and a default throttle`, () => {
  expect(ofType('AWS::ApiGatewayV2::Stage')).toHaveLength(1);
  const [stageId, stage] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
  expect(stage.Properties).toMatchObject({
    ApiId: { Ref: apiId },
    StageName: STAGE_NAME,
    AutoDeploy: true,
    DefaultRouteSettings: {
      ThrottlingRateLimit: stageThrottle.rateLimit,
      ThrottlingBurstLimit: stageThrottle.burstLimit,
    },
  });
  const accessLogs = stage.Properties.AccessLogSettings as {
    DestinationArn: { 'Fn::GetAtt': [string, string] };
    Format: string;
  };
  expect(resources[accessLogs.DestinationArn['Fn::GetAtt'][0]]).toMatchObject({
    Type: 'AWS::Logs::LogGroup',
    Properties: { RetentionInDays: 90 },
  });
  expect(JSON.parse(accessLogs.Format)).toMatchObject({
    requestId: '$context.requestId',
    // The function's request id beside the API's: a line leads to the call's log lines (function_request_id).
    lambdaRequestId: '$context.integration.requestId',
    route: '$context.routeKey',
    status: '$context.status',
  });
  // Route settings name routes: the stage waits for every one of them.
  const routeIds = ofType('AWS::ApiGatewayV2::Route').map(([id]) => id);
  expect(resources[stageId]!.DependsOn).toEqual(expect.arrayContaining(routeIds));
});

test('the HTTP API itself depends on nothing, so CloudFront can point at it before the user pool exists', () => {
  expect(resources[apiId]!.DependsOn).toBeUndefined();
  expect(JSON.stringify(resources[apiId]!.Properties)).not.toMatch(/"(Ref|Fn::GetAtt)"/);
  expect(resources[apiId]!.Properties).toMatchObject({ ProtocolType: 'HTTP' });
  expect(resources[apiId]!.Properties.CorsConfiguration).toBeUndefined();
});
