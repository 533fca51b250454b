import type { Response } from 'express';

// How the hub's own OAuth pages (login, consent, refusals) are sent: never cached, never framed, no script.

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

export function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set(PAGE_HEADERS).type('html').send(html);
}
