// One Lambda and one route per manifest entry (the named functions and the feeds), configured and granted
// from what the entry declares: nothing is listed twice.
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { feedModule, feeds, handlerModule, manifest, type FeedName, type FunctionName, type FunctionSpec } from '../lambdas/manifest';
import type { PortalMail } from './mail';
import { PortalFunction } from './portal-function';
import type { PortalUserPool } from './user-pool';

/** A Lambda behind the API, as the manifest declares it. */
export interface PortalRoute extends Pick<FunctionSpec, 'access' | 'table' | 'userPool' | 'mail' | 'summary'> {
  name: FunctionName | FeedName;
  method: 'POST' | 'GET';
  path: string;
  /** The handler module, relative to the project root. */
  entry: string;
}

/** The named functions (`POST /fn/{name}`) and the public feeds (`GET {path}`) of the manifest. */
export function portalRoutes(): PortalRoute[] {
  return [
    ...(Object.entries(manifest) as Array<[FunctionName, FunctionSpec]>).map(([name, spec]): PortalRoute => ({
      name,
      method: 'POST',
      path: `/fn/${name}`,
      entry: handlerModule(name),
      access: spec.access,
      table: spec.table,
      userPool: spec.userPool,
      mail: spec.mail,
      summary: spec.summary,
    })),
    ...(Object.entries(feeds) as Array<[FeedName, (typeof feeds)[FeedName]]>).map(([name, feed]): PortalRoute => ({
      name,
      method: 'GET',
      path: feed.path,
      entry: feedModule(name),
      access: 'public',
      table: feed.table,
      summary: feed.summary,
    })),
  ];
}

export interface PortalFunctionsProps {
  table: ITableV2;
  users: PortalUserPool;
  mail: PortalMail;
}

export function portalFunctions(scope: Construct, props: PortalFunctionsProps): Array<{ route: PortalRoute; fn: PortalFunction }> {
  const functions = new Construct(scope, 'Functions');
  return portalRoutes().map((route) => {
    // Every handler checks tokens (public ones verify an optional token), so every one knows the pool's issuer.
    const fn = new PortalFunction(functions, route.name, {
      entry: route.entry,
      description: route.summary,
      environment: { JWT_ISSUER: props.users.issuer, USER_POOL_CLIENT_ID: props.users.client.userPoolClientId },
    });
    if (route.table !== 'none') fn.bindTable(props.table, route.table);
    if (route.userPool) fn.bindUserPool(props.users.pool, route.userPool);
    if (route.mail) props.mail.bind(fn);
    return { route, fn };
  });
}
