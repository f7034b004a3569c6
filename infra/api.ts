// The HTTP API: stage `api`, so CloudFront's `/api/fn/{name}` reaches the `POST /fn/{name}` route
// unchanged; one route per manifest entry (and a `GET /get/{name}` for each cached catalogue read, to the
// same function), the JWT authorizer on exactly the non-public ones, each route throttled by its own
// settings (the capacity plan at the programme's size; the local gateway applies the plan's default).
import { Lazy, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  type CfnStage,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Access } from '../lambdas/contract/manifest';
import type { PortalRoute } from './functions';
import { LOG_RETENTION, type PortalFunction } from './portal-function';
import { routeKey, STAGE_NAME } from './routes';
import { routeThrottles, type RegistrationDay } from './capacity';
import { stageThrottle, type ThrottleLimits } from './throttles';

export { STAGE_NAME } from './routes';

export class PortalApi extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** One JSON line per call: its route, status and latency. */
  readonly accessLogs: LogGroup;
  private readonly routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};

  private readonly routeThrottle: Record<Access, ThrottleLimits>;

  /** `day`: the capacity plan at the programme's size, which each access level's route throttle is computed from. */
  constructor(scope: Construct, id: string, day: RegistrationDay) {
    super(scope, id);
    this.routeThrottle = routeThrottles(day);
    // Nothing but the API itself: CloudFront needs its address, and the pool (via its trigger) needs CloudFront's.
    // No CORS: the site calls the API on its own origin, through CloudFront.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Registration portal: one route per named function and feed',
      createDefaultStage: false,
    });
    const accessLogs = (this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    }));
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
            // The function's own request id, which its log lines carry as function_request_id.
            lambdaRequestId: '$context.integration.requestId',
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

  /** The route to its function, behind the authorizer unless the manifest makes it public; a cached read's GET too. */
  addRoute(route: PortalRoute, fn: PortalFunction, authorizer: IHttpRouteAuthorizer): void {
    const integration = new HttpLambdaIntegration(`${route.name}Integration`, fn.handler);
    const paths = [
      { method: route.method, path: route.path },
      ...(route.cachedPath ? [{ method: 'GET' as const, path: route.cachedPath }] : []),
    ];
    for (const { method, path } of paths) {
      const [httpRoute] = this.httpApi.addRoutes({
        path,
        methods: [HttpMethod[method]],
        integration,
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
      if (!httpRoute) throw new Error(`No route was made for ${method} ${path}.`);
      if (route.access === 'public') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: 'Public in the manifest: anyone may call it; the function still verifies a token when one is sent.',
        });
      }
      const throttle = this.routeThrottle[route.access];
      this.routeSettings[routeKey({ method, path })] = {
        ThrottlingRateLimit: throttle.rateLimit,
        ThrottlingBurstLimit: throttle.burstLimit,
      };
      // Route settings name the route, so the stage is updated only once the route exists.
      this.stage.node.addDependency(httpRoute);
    }
  }
}
