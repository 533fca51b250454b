import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

// A partner's server on loopback (a POS, a marketplace, any webhook receiver): it records every request
// and answers as scripted per path: a status, headers and body, after a delay, once released (hold), or
// never (hang). Unscripted requests get the path's standing answer, or 200 {}.

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request was complete. */
  receivedAt: number;
}

export interface ScriptedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  delayMs?: number;
  /** Never answer (until the partner is closed). */
  hang?: boolean;
}

export class FakePartner {
  readonly requests: RecordedRequest[] = [];
  private readonly scripts = new Map<string, ScriptedResponse[]>();
  /** Answers kept for the requests to a path that match: a test's own, among others still arriving. */
  private readonly scriptsFor: {
    path: string;
    matches: (request: RecordedRequest) => boolean;
    responses: ScriptedResponse[];
  }[] = [];
  private readonly standing = new Map<string, ScriptedResponse>();
  private readonly waiters = new Set<() => void>();
  private readonly sockets = new Set<Socket>();
  /** Paths whose answers are held back, with the answers waiting to be sent. */
  private readonly held = new Map<string, (() => void)[]>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakePartner> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const partner = new FakePartner(server, `http://127.0.0.1:${port}`);
    server.on('connection', (socket) => {
      partner.sockets.add(socket);
      socket.on('close', () => partner.sockets.delete(socket));
    });
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', partner.url);
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: performance.now(),
        };
        partner.requests.push(recorded);
        for (const wake of [...partner.waiters]) wake();
        partner.answer(recorded, res);
      });
    });
    return partner;
  }

  /** The full URL of a path on this partner. */
  urlFor(path: string): string {
    return `${this.url}${path}`;
  }

  /** Answers for the next requests to a path, used once each, in order. */
  respond(path: string, ...responses: ScriptedResponse[]): this {
    this.scripts.set(path, [...(this.scripts.get(path) ?? []), ...responses]);
    return this;
  }

  /**
   * Answers for the next requests to a path that match, used once each, in order; other requests to the path
   * are answered as before. For a test whose partner still receives earlier tests' deliveries: a failure
   * scripted with respond() may go to one of those instead of the request it was meant for.
   */
  respondWhen(path: string, matches: (request: RecordedRequest) => boolean, ...responses: ScriptedResponse[]): this {
    this.scriptsFor.push({ path, matches, responses: [...responses] });
    return this;
  }

  /** The answer to every request to a path once its scripted answers are used up. */
  always(path: string, response: ScriptedResponse): this {
    this.standing.set(path, response);
    return this;
  }

  hang(path: string): this {
    return this.always(path, { hang: true });
  }

  /**
   * Holds back the answers to a path (requests are still recorded): they stay in flight on the caller's side
   * until release(), which sends every held answer, as scripted, and answers later requests at once.
   */
  hold(path: string): { waiting(): number; release(): void } {
    const waiting: (() => void)[] = [];
    this.held.set(path, waiting);
    return {
      waiting: () => waiting.length,
      release: () => {
        if (this.held.get(path) === waiting) this.held.delete(path);
        for (const answer of waiting.splice(0)) answer();
      },
    };
  }

  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Resolves with the requests (to `path`, if given) once there are at least n; rejects after timeoutMs. */
  waitForRequests(n: number, options: { path?: string; timeoutMs?: number } = {}): Promise<RecordedRequest[]> {
    const matching = () => (options.path ? this.requestsTo(options.path) : this.requests);
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = matching();
        if (found.length < n) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `expected ${n} requests${options.path ? ` to ${options.path}` : ''} within ${options.timeoutMs ?? 10_000} ms, got ${matching().length}`,
          ),
        );
      }, options.timeoutMs ?? 10_000);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  reset(): void {
    this.requests.length = 0;
    this.scripts.clear();
    this.scriptsFor.length = 0;
    this.standing.clear();
  }

  /** Closes the server and every connection, hanging ones included. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: RecordedRequest, res: ServerResponse): void {
    const { path } = request;
    const meant = this.scriptsFor.find((s) => s.path === path && s.responses.length > 0 && s.matches(request));
    const script = meant?.responses.shift() ?? this.scripts.get(path)?.shift() ?? this.standing.get(path) ?? {};
    if (script.hang) return;
    const send = () => {
      const body =
        script.body === undefined ? '{}' : typeof script.body === 'string' ? script.body : JSON.stringify(script.body);
      res.writeHead(script.status ?? 200, { 'content-type': 'application/json', ...script.headers });
      res.end(body);
    };
    const held = this.held.get(path);
    if (held) held.push(send);
    else if (script.delayMs) setTimeout(send, script.delayMs);
    else send();
  }
}
