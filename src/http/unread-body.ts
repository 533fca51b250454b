import type { Request, Response } from 'express';

/**
 * For a request refused before its body was read (no valid token, over the rate limit): the answer closes the
 * connection, so Node does not read and discard the rest of a body of up to 32 MiB to keep the socket alive.
 */
export function closeIfBodyUnread(req: Request, res: Response): void {
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (hasBody && !req.readableEnded && !res.headersSent) res.setHeader('Connection', 'close');
}
