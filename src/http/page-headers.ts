import type { RequestHandler } from 'express';

// The headers of every page the hub serves to a browser (the web UI, the API docs): nothing of the page loads
// from elsewhere, no other site may frame it (clickjacking), and no response is sniffed into another type.

/** The Content-Security-Policy directives both pages share; each adds what its own scripts and styles need. */
const SHARED_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/** Sets the page headers with the shared policy and `directives` (a directive given here replaces the shared one). */
export function pageHeaders(directives: string[]): RequestHandler {
  const named = (directive: string) => directive.split(' ')[0];
  const own = new Set(directives.map(named));
  const policy = [...SHARED_POLICY.filter((d) => !own.has(named(d))), ...directives].join('; ');
  const headers = {
    'Content-Security-Policy': policy,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  };
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}
