// Synthesizes the portal's CDK app as `cdk synth` does (cdk.json's context, cdk-nag applied), once per
// test file, and offers what the tests read from it: the template, constructs and the validation report.
import { App, type NestedStack, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import type { IConstruct } from 'constructs';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portalApp } from '../../infra/portal-app';
import type { PortalFunction } from '../../infra/portal-function';
import type { PortalStack } from '../../infra/portal-stack';

export const TEST_ACCOUNT = '123456789012';
export const TEST_REGION = 'eu-west-1';

const cdkJsonContext = (JSON.parse(readFileSync('cdk.json', 'utf8')) as { context: Record<string, unknown> }).context;

export interface SynthOptions {
  /** Context values as `cdk deploy -c name=value` would pass them. */
  context?: Record<string, string>;
  /** Leave account and region to deploy time, as an offline `cdk synth` may. */
  environmentAgnostic?: boolean;
  /** Adds to the stack before it is synthesized (to see what the checks make of something). */
  extend?: (stack: PortalStack) => void;
}

export interface PortalSynth {
  stack: PortalStack;
  template: Template;
  assembly: CloudAssembly;
  /** The violations the validation plugins (cdk-nag's AwsSolutions pack among them) did not find acknowledged. */
  violations: Violation[];
}

export interface Violation {
  plugin: string;
  ruleName: string;
  severity: string;
  constructPaths: string[];
}

/** The synths' output dirs, removed once the test file is done with them (about 26 MB each). */
const outdirs: string[] = [];
afterAll(() => {
  for (const outdir of outdirs.splice(0)) rmSync(outdir, { recursive: true, force: true });
});

/**
 * Functions are not bundled here (CDK's `aws:cdk:bundling-stacks` context): templates do not depend on the
 * bundle, and test/infra/synth.test.ts bundles every function through the real `cdk synth`.
 */
export function synthesizePortal(options: SynthOptions = {}): PortalSynth {
  const outdir = mkdtempSync(join(tmpdir(), 'portal-cdk-'));
  outdirs.push(outdir);
  const app = new App({
    outdir,
    context: {
      ...cdkJsonContext,
      'aws:cdk:bundling-stacks': [],
      // Validation errors are reported, not thrown, so a test can say which rule failed.
      '@aws-cdk/core:failSynthOnValidationErrors': false,
      ...(options.environmentAgnostic ? {} : { region: TEST_REGION }),
      ...options.context,
    },
  });
  delete process.env.CDK_DEFAULT_REGION;
  if (options.environmentAgnostic) delete process.env.CDK_DEFAULT_ACCOUNT;
  else process.env.CDK_DEFAULT_ACCOUNT = TEST_ACCOUNT;
  const stack = portalApp(app);
  options.extend?.(stack);
  const assembly = app.synth();
  return {
    stack,
    assembly,
    template: Template.fromJSON(withFunctionsInline(assembly, stack)),
    violations: readViolations(assembly.directory),
  };
}

type Json = unknown;

/**
 * The stack's template with the resources of its nested stack of API functions in it, as one stack would
 * hold them: a reference to one of the nested stack's parameters is what the parent passes it, and a
 * reference to one of its outputs is the output's value. The tests read the functions beside their routes.
 */
function withFunctionsInline(assembly: CloudAssembly, stack: PortalStack): Record<string, Json> {
  const template = assembly.getStackByName(stack.stackName).template as { Resources: Record<string, Json> };
  const functions = stack.node.findChild('Functions') as NestedStack;
  const nestedResourceElement = functions.nestedStackResource as CfnElement;
  const nestedId = Stack.of(nestedResourceElement).getLogicalId(nestedResourceElement);
  const nestedResource = template.Resources[nestedId] as { Properties: { Parameters?: Record<string, Json> } };
  const parameters = nestedResource.Properties.Parameters ?? {};
  const nested = JSON.parse(readFileSync(join(assembly.directory, functions.templateFile), 'utf8')) as {
    Resources: Record<string, Json>;
    Outputs?: Record<string, { Value: Json }>;
  };
  const inNested = (node: Json) =>
    replaced(node, (ref) => (ref.Ref !== undefined ? parameters[ref.Ref as string] : undefined));
  const outputs = Object.fromEntries(
    Object.entries(nested.Outputs ?? {}).map(([name, output]) => [`Outputs.${name}`, inNested(output.Value)]),
  );
  const { [nestedId]: _nestedStack, ...parentResources } = template.Resources;
  const resources = replaced(parentResources, (ref) => {
    const getAtt = ref['Fn::GetAtt'] as [string, string] | undefined;
    return getAtt?.[0] === nestedId ? outputs[getAtt[1]] : undefined;
  }) as Record<string, Json>;
  return { ...template, Resources: { ...resources, ...(inNested(nested.Resources) as Record<string, Json>) } };
}

/** A copy of `node` with every object for which `substitute` gives a value replaced by that value. */
function replaced(node: Json, substitute: (object: Record<string, Json>) => Json | undefined): Json {
  if (Array.isArray(node)) return node.map((item) => replaced(item, substitute));
  if (node === null || typeof node !== 'object') return node;
  const object = node as Record<string, Json>;
  const value = substitute(object);
  if (value !== undefined) return value;
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, replaced(value, substitute)]));
}

export function readViolations(assemblyDirectory: string): Violation[] {
  const reportFile = join(assemblyDirectory, 'validation-report.json');
  if (!existsSync(reportFile)) return [];
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    pluginReports: Array<{
      pluginName: string;
      violations: Array<{ ruleName: string; severity: string; violatingConstructs: Array<{ constructPath: string }> }>;
    }>;
  };
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations.map((violation) => ({
      plugin: plugin.pluginName,
      ruleName: violation.ruleName,
      severity: violation.severity,
      constructPaths: violation.violatingConstructs.map((construct) => construct.constructPath),
    })),
  );
}

/** The logical id of a construct's CloudFormation resource, as in the template. */
export function logicalId(construct: IConstruct): string {
  return Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);
}

/** The Lambda of a manifest entry (a named function or a feed). */
export function manifestFunction(stack: PortalStack, name: string): PortalFunction {
  return stack.node.findChild('Functions').node.findChild(name) as PortalFunction;
}

export interface Grant {
  actions: string[];
  resources: unknown[];
}

/** Every Allow statement of the policies attached to a function's role. */
export function grantsOf(template: Template, fn: PortalFunction): Grant[] {
  const roleId = logicalId(fn.node.findChild('Role'));
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Array<{
    Properties: {
      Roles: unknown[];
      PolicyDocument: { Statement: Array<{ Effect: string; Action: string | string[]; Resource: unknown }> };
    };
  }>;
  return policies
    .filter((policy) =>
      policy.Properties.Roles.some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
    .filter((statement) => statement.Effect === 'Allow')
    .map((statement) => ({ actions: [statement.Action].flat(), resources: [statement.Resource].flat() }));
}

export function grantedActions(template: Template, fn: PortalFunction): string[] {
  return [...new Set(grantsOf(template, fn).flatMap((grant) => grant.actions))].sort();
}
