import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { serializeError } from './log-errors.js';

/**
 * Structured JSON logs. Secrets never reach a log line: tokens, secrets, passwords and partner credentials
 * are redacted wherever they appear in a logged object.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'order-hub' },
    // Database errors lose their bound values (log-errors.ts).
    serializers: { err: serializeError },
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
  };
  // Standard output unless told otherwise (tests read what a hub logs).
  return destination ? pino(options, destination) : pino(options);
}
