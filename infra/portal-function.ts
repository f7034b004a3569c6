// One Lambda of the portal with everything the functions share set once (runtime, architecture, bundling,
// logs, role), and the bind* calls that set a setting and its IAM grant together, so the two cannot drift.
import {
  AssetHashType,
  type CfnElement,
  DockerImage,
  Duration,
  Names,
  RemovalPolicy,
  Stack,
  Token,
  Validations,
} from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Architecture, type CfnFunction, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { AwsCustomResource } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { cpSync } from 'node:fs';
import { FUNCTION_RUNTIME_TARGET, functionBundle } from './functionBundling';
import { FUNCTION_MEMORY_MB, FUNCTION_TIMEOUT_SECONDS } from './functionLimits';
import { lambdaModules, type UserPoolCall } from '../lambdas/platform/deployment';

export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;
export const LOG_RETENTION = RetentionDays.THREE_MONTHS;

/** cdk-nag's Serverless findings on a Lambda that is called synchronously or by a stream, never by an event. */
export function acknowledgeServerlessFindings(scope: Construct): void {
  Validations.of(scope).acknowledge({
    id: 'Serverless-LambdaDLQ',
    reason: 'Called synchronously (API, Cognito, CloudFormation) or by a stream mapping with its own failure queue.',
  });
  Validations.of(scope).acknowledge({
    id: 'Serverless-LambdaTracing',
    reason: 'Errors, throttles and latency are alarmed from metrics; X-Ray would add an SDK wrapper to every bundle.',
  });
}

/** CDK's singleton handler behind an AwsCustomResource: its role and runtime are CDK's, not ours. */
export function acknowledgeCustomResourceHandler(resource: AwsCustomResource): void {
  // The principal is the role of CDK's singleton handler, whose scope is the handler itself.
  const handler = (resource.grantPrincipal as unknown as Construct).node.scope;
  if (!handler) throw new Error('The custom resource handler has no scope.');
  Validations.of(handler).acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason: 'CDK gives its custom resource handler the basic execution policy for its logs.',
  });
  acknowledgeServerlessFindings(handler);
}

/**
 * A function's code: its module bundled on this machine with every other function's in one esbuild build
 * (./functionBundling), never in Docker. The asset is named by the bundle's bytes, so a deploy uploads and
 * updates only the functions whose bundle changed.
 */
function bundledCode(entry: string): Code {
  return Code.fromAsset('.', {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Named because the CDK requires one; the local bundling below always answers, so it is never pulled.
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
      // The module in the options: the CDK caches a bundle by its options, and each function's differs.
      command: ['bundle', entry],
      local: {
        tryBundle(outputDir: string) {
          const everyModule = () => lambdaModules().map(({ module }) => module);
          cpSync(functionBundle(entry, FUNCTION_RUNTIME_TARGET, everyModule), outputDir, { recursive: true });
          return true;
        },
      },
    },
  });
}

export interface PortalFunctionProps {
  /** The handler module, relative to the project root; it exports `handler`. */
  entry: string;
  description: string;
  environment?: Record<string, string>;
}

export class PortalFunction extends Construct {
  readonly handler: LambdaFunction;

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    // A role of its own without the managed basic-execution policy: it may write to its own log group only.
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    this.handler = new LambdaFunction(this, 'Handler', {
      code: bundledCode(props.entry),
      handler: 'index.handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: FUNCTION_MEMORY_MB,
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS),
      role,
      logGroup,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        // The figures a function emits (lambdas/platform/metrics.ts) are this copy of the portal's.
        POWERTOOLS_SERVICE_NAME: portalStackName(this),
        ...props.environment,
      },
    });
    acknowledgeServerlessFindings(this.handler);
  }

  setEnvironment(name: string, value: string): void {
    this.handler.addEnvironment(name, value);
  }

  /**
   * X-Ray's active tracing: each call a trace with its start-up and its time in the handler, under the trace id
   * the function's log lines carry (`xray_trace_id`). X-Ray's write actions take no resource.
   */
  traceActively(): void {
    (this.handler.node.defaultChild as CfnFunction).tracingConfig = { mode: 'Active' };
    this.handler.addToRolePolicy(
      new PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] }),
    );
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: "X-Ray's PutTraceSegments and PutTelemetryRecords take no resource-level permission.",
    });
  }

  /** The table's name and a read-only or read-write grant on it and its indexes. */
  bindTable(table: ITableV2, access: 'read' | 'write'): void {
    this.setEnvironment('TABLE_NAME', table.tableName);
    if (access === 'write') table.grantReadWriteData(this.handler);
    else table.grantReadData(this.handler);
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${this.tableArnAsNagSeesIt(table)}/index/*]`,
      reason: "Queries use the GSIs of the one portal table; the wildcard covers only that table's indexes.",
    });
  }

  /** The table's ARN as cdk-nag names it in a finding: the stack's own table by reference, a restored one by name. */
  private tableArnAsNagSeesIt(table: ITableV2): string {
    const made = table.node.defaultChild as CfnElement | undefined;
    const tableStack = Stack.of(table);
    if (!made) {
      const known = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
      return `arn:<AWS::Partition>:dynamodb:${known(tableStack.region, 'Region')}:${known(tableStack.account, 'AccountId')}:table/${table.tableName}`;
    }
    // In a nested stack the table's ARN arrives as a parameter the parent passes in.
    return Stack.of(this) === tableStack
      ? `<${tableStack.getLogicalId(made)}.Arn>`
      : `<referenceto${Names.nodeUniqueId(made.node)}Arn>`;
  }

  /** The pool's id and exactly the Cognito admin calls the function makes, on that pool only. */
  bindUserPool(pool: IUserPool, calls: readonly UserPoolCall[]): void {
    this.setEnvironment('USER_POOL_ID', pool.userPoolId);
    pool.grant(this.handler, ...calls.map((call) => `cognito-idp:${call}`));
  }
}

/** The name of the portal's stack, for a function in it or in one of its nested stacks. */
function portalStackName(scope: Construct): string {
  let stack = Stack.of(scope);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  return stack.stackName;
}
