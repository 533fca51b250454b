import type { Request } from 'express';
import type { Grants } from '../auth/authorize.js';
import type { Target } from '../auth/operation.js';
import type { Page, ListInput } from '../common/pagination.js';
import type { Answer } from './operation-route.js';

// Route answers only translate: granted request → service call → `{data}` envelope (docs/contract.md "Conventions").

export type Params = Record<string, string>;

export function single<T extends Target>(
  call: (grant: Grants[T], req: Request, params: Params) => Promise<unknown>,
  status = 200,
): Answer<T> {
  return async (grant, req, res) => {
    const data = await call(grant, req, req.params as Params);
    res.status(status).json({ data });
  };
}

/** 204 No Content: for deletes, which have nothing to answer with. */
export function noContent<T extends Target>(
  call: (grant: Grants[T], req: Request, params: Params) => Promise<unknown>,
): Answer<T> {
  return async (grant, req, res) => {
    await call(grant, req, req.params as Params);
    res.status(204).end();
  };
}

export function list<T extends Target>(
  call: (grant: Grants[T], page: ListInput, req: Request, params: Params) => Promise<Page<unknown>>,
): Answer<T> {
  return async (grant, req, res) => {
    res.json(await call(grant, listInput(req), req, req.params as Params));
  };
}

function listInput(req: Request): ListInput {
  const { limit, nextPageKey } = req.query as { limit?: string | number; nextPageKey?: string };
  return { limit: limit === undefined ? undefined : Number(limit), nextPageKey: nextPageKey ?? null };
}

/** 201 when the call created the record, 200 when it found the one created before (a duplicate placement). */
export function createdOrFound<T extends Target>(
  call: (grant: Grants[T], req: Request, params: Params) => Promise<{ data: unknown; created: boolean }>,
): Answer<T> {
  return async (grant, req, res) => {
    const { data, created } = await call(grant, req, req.params as Params);
    res.status(created ? 201 : 200).json({ data });
  };
}
