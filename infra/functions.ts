// One Lambda per manifest entry, configured and granted from what the entry declares: nothing is listed twice.
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { handlerModule, manifest, type FunctionName, type FunctionSpec } from '../lambdas/manifest';
import type { PortalMail } from './mail';
import { PortalFunction } from './portal-function';
import type { PortalUserPool } from './user-pool';

export interface NamedFunction {
  name: FunctionName;
  spec: FunctionSpec;
  fn: PortalFunction;
}

export interface PortalFunctionsProps {
  table: ITableV2;
  users: PortalUserPool;
  mail: PortalMail;
}

export function manifestEntries(): Array<[FunctionName, FunctionSpec]> {
  return Object.entries(manifest) as Array<[FunctionName, FunctionSpec]>;
}

export function portalFunctions(scope: Construct, props: PortalFunctionsProps): NamedFunction[] {
  const functions = new Construct(scope, 'Functions');
  return manifestEntries().map(([name, spec]) => {
    const fn = new PortalFunction(functions, name, {
      entry: handlerModule(name),
      description: spec.summary,
      environment: { JWT_ISSUER: props.users.issuer, USER_POOL_CLIENT_ID: props.users.client.userPoolClientId },
    });
    if (spec.table !== 'none') fn.bindTable(props.table, spec.table);
    if (spec.userPool) fn.bindUserPool(props.users.pool, spec.userPool);
    if (spec.mail) props.mail.bind(fn);
    return { name, spec, fn };
  });
}
