import { ValidationError } from './errors.js';

// Keyset paging of docs/contract.md "Conventions": stable order by creation time then id, an opaque nextPageKey.

/**
 * What a caller asks of a list (docs/contract.md "Conventions"): limit 1..200 (default 50) and the previous page's key.
 */
export interface ListInput {
  limit?: number;
  nextPageKey?: string | null;
}

export interface PageRequest {
  limit: number;
  after: { createdAt: Date; id: string } | null;
}

export interface Page<T> {
  data: T[];
  hasNextPage: boolean;
  nextPageKey: string | null;
}

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

export function pageRequest(limit: number | undefined, nextPageKey: string | undefined | null): PageRequest {
  const size = limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(size) || size < 1 || size > MAX_LIMIT) {
    throw ValidationError.field('limit', `must be an integer from 1 to ${MAX_LIMIT}`);
  }
  return { limit: size, after: nextPageKey ? decodeKey(nextPageKey) : null };
}

function decodeKey(key: string): PageRequest['after'] {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(key, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (typeof id !== 'string' || Number.isNaN(date.getTime())) throw new Error('bad key');
    return { createdAt: date, id };
  } catch {
    throw ValidationError.field('nextPageKey', 'is not a key this service issued');
  }
}

export function encodeKey(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id]), 'utf8').toString('base64url');
}

/** A MikroORM where-clause for "after this key" in (createdAt, id) order, or in its reverse (newest first). */
export function afterKeyFilter(after: PageRequest['after'], newestFirst = false): object {
  if (!after) return {};
  const op = newestFirst ? '$lt' : '$gt';
  return {
    $or: [{ createdAt: { [op]: after.createdAt } }, { createdAt: after.createdAt, id: { [op]: after.id } }],
  };
}

/** The orderBy of a keyset page: the contract's stable order, or newest first (what a live screen shows). */
export function keyOrder(newestFirst = false): { createdAt: 'asc' | 'desc'; id: 'asc' | 'desc' } {
  return newestFirst ? { createdAt: 'desc', id: 'desc' } : { createdAt: 'asc', id: 'asc' };
}

/** Callers fetch limit + 1 rows; the extra row only tells whether another page exists. */
export function toPage<T extends { createdAt: Date; id: string }, R>(
  rows: T[],
  limit: number,
  map: (row: T) => R,
): Page<R> {
  const hasNextPage = rows.length > limit;
  const data = hasNextPage ? rows.slice(0, limit) : rows;
  return {
    data: data.map(map),
    hasNextPage,
    nextPageKey: hasNextPage ? encodeKey(data[data.length - 1]) : null,
  };
}

/** One page of any entity with createdAt and id, in the contract's stable order. */
export async function findPage<T extends { createdAt: Date; id: string }, R>(
  em: import('@mikro-orm/postgresql').EntityManager,
  entity: new (...args: never[]) => T,
  where: object,
  page: PageRequest,
  map: (row: T) => R,
  options: { populate?: readonly string[]; newestFirst?: boolean } = {},
): Promise<Page<R>> {
  const rows = await em.find(entity, { $and: [where, afterKeyFilter(page.after, options.newestFirst)] } as never, {
    orderBy: keyOrder(options.newestFirst) as never,
    limit: page.limit + 1,
    populate: options.populate as never,
  });
  return toPage(rows as T[], page.limit, map);
}
