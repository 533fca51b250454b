import { ValidationError } from '../../common/errors.js';

// The event feed's cursor: the (transaction, position) of the last event a caller was given, as an opaque
// token. Nothing later can ever be written before it (application-event.entity.ts), so it stays valid in every
// process and across restarts.

export interface FeedPosition {
  /** The writing transaction's id (xid8), as decimal text. */
  xid: string;
  /** The event's position (bigint), as decimal text. */
  position: string;
}

/** Before every event: where a caller without a cursor starts. */
const FEED_START: FeedPosition = { xid: '0', position: '0' };

const DECIMAL = /^\d{1,20}$/;

export function encodeFeedCursor(at: FeedPosition): string {
  return Buffer.from(`${at.xid}.${at.position}`, 'utf8').toString('base64url');
}

/** The position a cursor names; a ValidationError naming `after` for anything this hub did not issue. */
export function decodeFeedCursor(cursor: string | null | undefined): FeedPosition {
  if (cursor == null || cursor === '') return FEED_START;
  const [xid, position, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (rest.length > 0 || !DECIMAL.test(xid ?? '') || !DECIMAL.test(position ?? ''))
    throw ValidationError.field('after', 'is not a cursor this hub issued');
  return { xid, position };
}
