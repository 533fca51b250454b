// A small HTTP client for tests: JSON in, parsed JSON out, every header visible.

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string | null;
  headers?: Record<string, string>;
  /** A raw body sent as is (with its own content-type header). */
  raw?: string | Buffer;
}

export class HttpClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null = null,
  ) {}

  withToken(token: string | null): HttpClient {
    return new HttpClient(this.baseUrl, token);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: string | Buffer | undefined = options.raw;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the test reads `text`.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body, options);
  }
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options);
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }

  /** A GraphQL operation; returns the HTTP result with body {data, errors}. */
  graphql<T = any>(query: string, variables: Record<string, unknown> = {}, options?: RequestOptions) {
    return this.request<{ data?: T; errors?: { message: string; extensions?: { code?: string; errors?: unknown } }[] }>(
      'POST',
      '/graphql',
      { query, variables },
      options,
    );
  }
}
