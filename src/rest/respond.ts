import type { MikroORM } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Page, ListInput } from '../common/pagination.js';
import type { RequestContext } from '../common/request-context.js';
import { contextOf } from '../http/context.js';

// Route handlers only translate: request → service call → `{data}` envelope (docs/contract.md "Conventions").

export type Params = Record<string, string>;

export function single(
  orm: MikroORM,
  call: (ctx: RequestContext, req: Request, params: Params) => Promise<unknown>,
  status = 200,
) {
  return async (req: Request, res: Response) => {
    const data = await call(contextOf(orm, res), req, req.params as Params);
    res.status(status).json({ data });
  };
}

/** 204 No Content: for deletes, which have nothing to answer with. */
export function noContent(
  orm: MikroORM,
  call: (ctx: RequestContext, req: Request, params: Params) => Promise<unknown>,
) {
  return async (req: Request, res: Response) => {
    await call(contextOf(orm, res), req, req.params as Params);
    res.status(204).end();
  };
}

export function list(
  orm: MikroORM,
  call: (ctx: RequestContext, page: ListInput, req: Request, params: Params) => Promise<Page<unknown>>,
) {
  return async (req: Request, res: Response) => {
    res.json(await call(contextOf(orm, res), listInput(req), req, req.params as Params));
  };
}

export function listInput(req: Request): ListInput {
  const { limit, nextPageKey } = req.query as { limit?: string | number; nextPageKey?: string };
  return { limit: limit === undefined ? undefined : Number(limit), nextPageKey: nextPageKey ?? null };
}

/** 201 when the call created the record, 200 when it found the one created before (a duplicate placement). */
export function createdOrFound(
  orm: MikroORM,
  call: (ctx: RequestContext, req: Request, params: Params) => Promise<{ data: unknown; created: boolean }>,
) {
  return async (req: Request, res: Response) => {
    const { data, created } = await call(contextOf(orm, res), req, req.params as Params);
    res.status(created ? 201 : 200).json({ data });
  };
}
