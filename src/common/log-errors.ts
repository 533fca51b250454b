import { stdSerializers } from 'pino';

// Errors as they are logged. A database error's message carries the statement with its bound values inlined
// (knex puts them there), and PostgreSQL's `detail` and `where` quote row values: a password hash, a presented
// token, a customer's address. The logged error keeps the statement with its literals replaced by `?`, the
// database's own message and its SQLSTATE, table and constraint; never a value.

const SQL_START = /^\s*(select|insert|update|delete|with|alter|create|drop|lock|truncate)\b/i;
/** Quoted literals (with '' escapes, optionally E'' strings) and dollar-quoted ones. */
const LITERALS = /(?:\b[eE])?'(?:[^']|'')*'|\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g;
const VALUE_FIELDS = ['detail', 'where', 'parameters', 'params', 'bindings', 'sql', 'query', 'internalQuery', 'hint'];

/** A statement without its values. */
function statementWithoutValues(sql: string): string {
  return sql.replace(LITERALS, '?');
}

export function serializeError(err: unknown): unknown {
  const serialized = stdSerializers.err(err as Error) as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  const message = typeof serialized.message === 'string' ? serialized.message : '';
  const [statement, ...rest] = message.split(' - ');
  if (SQL_START.test(statement) && rest.length > 0) {
    serialized.statement = statementWithoutValues(statement);
    serialized.message = rest.join(' - ');
    if (typeof serialized.stack === 'string')
      serialized.stack = serialized.stack.split(message).join(serialized.message as string);
  }
  for (const field of VALUE_FIELDS) delete serialized[field];
  return serialized;
}
