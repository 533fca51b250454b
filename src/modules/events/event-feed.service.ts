import { DomainError } from '../../common/errors.js';
import { pageRequest } from '../../common/pagination.js';
import type { Grant } from '../../auth/authorize.js';
import { sqlRows } from '../../db/raw-sql.js';
import { withSealedCredentials } from '../../delivery-engine/webhook-event.js';
import { decodeFeedCursor, encodeFeedCursor } from './event-feed-cursor.js';

export interface EventFeedInput {
  /** The cursor of the previous answer; absent: from the oldest event kept. */
  after?: string | null;
  /** 1..200, default 50. */
  limit?: number;
}

export interface EventFeedPage {
  /** The events, oldest first, each exactly the body its webhook carries (or would carry, without a URL). */
  data: unknown[];
  /** More events are ready now: ask again at once with `cursor`. */
  hasNextPage: boolean;
  /** Where the next call starts (`after`); the one given when nothing new came, null before any event. */
  cursor: string | null;
}

/**
 * The feed is the application's own channel, read with its own token: an operator has none, and a user's token
 * through the application (which reaches only that user's locations) is refused rather than shown the rest.
 */
export class NotAnApplicationError extends DomainError {
  constructor() {
    super('insufficient_scope', "The event feed is read with an application's own token (client_credentials)");
  }
}

/**
 * The application's events after the cursor, in feed order, among those whose transaction ended before every
 * transaction still running began (pg_snapshot_xmin): a later call can then never find an event before the cursor
 * it was given. The index application_events_feed serves it. $1 application, $2/$3 the cursor, $4 rows.
 */
const FEED_SQL = `
  select xid::text as xid, position::text as position, payload::text as payload, credentials_sealed as "credentialsSealed"
    from application_events
   where application_id = ?
     and (xid, position) > (?::xid8, ?::bigint)
     and xid < pg_snapshot_xmin(pg_current_snapshot())
   order by xid, position
   limit ?`;

/**
 * GET /v1/events: every event the hub has for the calling application, oldest first, the same envelope and
 * eventId as its webhook, with a cursor that holds across hub processes. An application without a URL for an
 * event (a webhookUrl, say) gets it here only; one with a URL gets it both ways.
 */
export class EventFeedService {
  async read({ ctx }: Grant, input: EventFeedInput): Promise<EventFeedPage> {
    const { principal } = ctx;
    // Only an application's own token is granted the feed (event.operations.ts).
    if (principal.type !== 'application') throw new Error('the event feed granted to an operator');
    const { limit } = pageRequest(input.limit, null);
    const after = decodeFeedCursor(input.after);
    const rows = await sqlRows<{ xid: string; position: string; payload: string; credentialsSealed: string | null }>(
      ctx.em,
      FEED_SQL,
      [principal.applicationId, after.xid, after.position, limit + 1],
    );
    const hasNextPage = rows.length > limit;
    const page = hasNextPage ? rows.slice(0, limit) : rows;
    const last = page.at(-1);
    return {
      data: page.map((row) => JSON.parse(withSealedCredentials(row.payload, row.credentialsSealed))),
      hasNextPage,
      cursor: last ? encodeFeedCursor(last) : input.after || null,
    };
  }
}
