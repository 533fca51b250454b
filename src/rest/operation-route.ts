import type { MikroORM } from '@mikro-orm/postgresql';
import type { Request, RequestHandler, Response } from 'express';
import { authorize, type Grants, type TargetIds } from '../auth/authorize.js';
import type { OperationRule, Target } from '../auth/operation.js';
import { contextOf } from '../http/context.js';

// Every /v1 route is a declared operation (src/auth/operation.ts): the router serves a route only with its
// declaration, and authorizes each request with it (src/auth/authorize.ts) before the route's answer runs.
// The path's parameters name the target: :accountId, :locationId, :applicationId, :deliveryId, :userId.

/** Translates a granted request into a service call and its HTTP answer (src/rest/respond.ts). */
export type Answer<T extends Target> = (grant: Grants[T], req: Request, res: Response) => Promise<void>;

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RestRoute<T extends Target = Target> {
  readonly method: Method;
  /** Under /v1, in express's syntax (`/accounts/:accountId`). */
  readonly path: string;
  readonly operation: OperationRule<T>;
  readonly answer: Answer<T>;
}

function routeOf(method: Method) {
  return <T extends Target>(path: string, operation: OperationRule<T>, answer: Answer<T>): RestRoute =>
    ({ method, path, operation, answer }) as unknown as RestRoute;
}

/** `route.post(path, operation, answer)`: one declared REST operation. */
export const route = {
  get: routeOf('get'),
  post: routeOf('post'),
  put: routeOf('put'),
  patch: routeOf('patch'),
  delete: routeOf('delete'),
};

/** The express handler of a route: its operation authorized for the path's ids, then its answer. */
export function serve(orm: MikroORM, route: RestRoute): RequestHandler {
  return async (req, res) => {
    const grant = await authorize(contextOf(orm, res), route.operation, req.params as unknown as TargetIds[Target]);
    await route.answer(grant, req, res);
  };
}

/** `GET /v1/accounts/{accountId}`: the route as openapi.yaml names it. */
export function documentedRoute(route: Pick<RestRoute, 'method' | 'path'>): string {
  return `${route.method.toUpperCase()} /v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
}
