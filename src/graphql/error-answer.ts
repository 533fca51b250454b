import type { Response } from 'express';

/** An error answered outside Apollo (before a resolver runs, or in its place) in GraphQL's error shape. */
export function sendGraphQLError(res: Response, status: number, message: string, code: string): void {
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}
