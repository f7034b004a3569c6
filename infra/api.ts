// The HTTP API: stage `api`, so CloudFront's `/api/fn/{name}` reaches the `POST /fn/{name}` route
// unchanged; one route per manifest function, the JWT authorizer on exactly the non-public ones.
import { Lazy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, type CfnStage, type IHttpRouteAuthorizer, type ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Access } from '../lambdas/manifest';
import type { PortalFunction } from './portal-function';

export const STAGE_NAME = 'api';

/** The whole stage's ceiling, requests per second. */
export const stageThrottle: Required<ThrottleSettings> = { rateLimit: 100, burstLimit: 200 };

/** Each route's own limits: anonymous catalogue reads are the busiest, administrators the fewest. */
export const routeThrottle: Record<Access, Required<ThrottleSettings>> = {
  public: { rateLimit: 50, burstLimit: 100 },
  user: { rateLimit: 25, burstLimit: 50 },
  admin: { rateLimit: 10, burstLimit: 20 },
};

export const routeKey = (name: string) => `POST /fn/${name}`;

export class PortalApi extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  private readonly routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Nothing but the API itself: CloudFront needs its address, and the pool (via its trigger) needs CloudFront's.
    this.httpApi = new HttpApi(this, 'HttpApi', { description: 'Registration portal: one POST route per named function', createDefaultStage: false });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: this.httpApi,
      stageName: STAGE_NAME,
      autoDeploy: true,
      throttle: stageThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            route: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            responseLength: '$context.responseLength',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    (this.stage.node.defaultChild as CfnStage).routeSettings = Lazy.any({ produce: () => this.routeSettings });
  }

  /** `POST /fn/{name}` to the function, behind the authorizer unless the function is public. */
  addFunctionRoute(name: string, access: Access, fn: PortalFunction, authorizer: IHttpRouteAuthorizer): void {
    const [route] = this.httpApi.addRoutes({
      path: `/fn/${name}`,
      methods: [HttpMethod.POST],
      integration: new HttpLambdaIntegration(`${name}Integration`, fn.handler),
      authorizer: access === 'public' ? undefined : authorizer,
    });
    if (!route) throw new Error(`No route was made for ${name}.`);
    if (access === 'public') {
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: 'Public in the manifest: anyone may call it; the function still verifies a token when one is sent.',
      });
    }
    this.routeSettings[routeKey(name)] = { ThrottlingRateLimit: routeThrottle[access].rateLimit, ThrottlingBurstLimit: routeThrottle[access].burstLimit };
    // Route settings name the route, so the stage is updated only once the route exists.
    this.stage.node.addDependency(route);
  }
}
