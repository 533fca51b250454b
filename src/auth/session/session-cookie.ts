import type { Request, Response } from 'express';

/**
 * The one cookie of the web UI: httpOnly (no script reads it), SameSite=Lax (not sent with cross-site
 * sub-requests or form posts), path /, Secure outside development. With Secure, the __Host- prefix also
 * makes the browser refuse a cookie of that name set by a sibling domain or without Secure.
 */
export class SessionCookie {
  readonly name: string;

  constructor(
    private readonly secure: boolean,
    private readonly maxAgeSeconds: number,
  ) {
    this.name = secure ? '__Host-order_hub_session' : 'order_hub_session';
  }

  read(req: Request): string | undefined {
    for (const part of (req.header('cookie') ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === this.name)
        return decodeURIComponent(part.slice(eq + 1).trim()) || undefined;
    }
    return undefined;
  }

  set(res: Response, value: string): void {
    res.cookie(this.name, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      maxAge: this.maxAgeSeconds * 1000,
    });
  }

  clear(res: Response): void {
    res.clearCookie(this.name, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/' });
  }
}
