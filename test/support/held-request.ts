import { request } from 'node:http';

// A request whose body the client holds back: it is sent with `Expect: 100-continue`, so the hub answers
// 100 Continue once it admits the request (src/http/admission.ts), or its final answer at once when it
// refuses it. Between admission and release() the request is in progress on the hub, for as long as the
// test wants, without any timer.

interface HeldResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface HeldRequest {
  /** true once the hub answered 100 Continue (admitted); false when it answered first (refused). */
  admitted: Promise<boolean>;
  /** Whether `admitted` has settled true, read synchronously. */
  isAdmitted(): boolean;
  /** Sends the body. */
  release(): void;
  /** Drops the connection (cleanup after a failed test: the hub waits for requests in progress when it stops). */
  abort(): void;
  response: Promise<HeldResponse>;
}

export function heldRequest(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): HeldRequest {
  const payload = JSON.stringify(body);
  let admittedNow = false;
  let settle!: (admitted: boolean) => void;
  const admitted = new Promise<boolean>((resolve) => (settle = resolve));
  const req = request(new URL(path, baseUrl), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
      expect: '100-continue',
      ...headers,
    },
  });
  req.on('continue', () => {
    admittedNow = true;
    settle(true);
  });
  const response = new Promise<HeldResponse>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      settle(false);
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        // Refused: the body will never be sent, so the connection is of no further use.
        if (!admittedNow) req.destroy();
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined });
      });
    });
  });
  req.flushHeaders();
  response.catch(() => undefined);
  return {
    admitted,
    isAdmitted: () => admittedNow,
    release: () => req.end(payload),
    abort: () => req.destroy(),
    response,
  };
}
