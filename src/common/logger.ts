import { pino, type Logger } from 'pino';

/**
 * Structured JSON logs. Secrets never reach a log line: tokens, secrets, passwords and partner credentials
 * are redacted wherever they appear in a logged object.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'order-hub' },
    redact: {
      paths: [
        '*.authorization',
        '*.password',
        '*.clientSecret',
        '*.client_secret',
        '*.webhookSecret',
        '*.credentials',
        '*.access_token',
        '*.refresh_token',
        'req.headers.authorization',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
  });
}
