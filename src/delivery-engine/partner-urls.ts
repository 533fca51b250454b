import { RECEIVERS_OF, type EventUrlField } from './webhook-event.js';

// Which URL of its application a delivery goes to. A partner that fixes its URL after deliveries failed gets
// every attempt from then on, retries, replays and pending deliveries alike, at the new one: the URL is read
// from the application at each claim, by the kind of call (RECEIVERS_OF, webhook-event.ts). The URL stored with
// the delivery (the one it was addressed to when enqueued) stays its ordering chain's identity and the unit of
// per-endpoint concurrency.

/** The applications table's column of each URL field. */
const COLUMN_OF: Record<EventUrlField, string> = {
  webhookUrl: 'webhook_url',
  menuPublicationUrl: 'menu_publication_url',
  storeStatusUrl: 'store_status_url',
};

/**
 * SQL: the current URL for delivery `alias`'s kind of call, or the URL it was addressed to when its
 * application has none for that kind any more (or is gone).
 */
export function currentUrlSql(alias: string): string {
  const cases = Object.entries(RECEIVERS_OF)
    .map(([eventType, { url }]) => `when '${eventType}' then a.${COLUMN_OF[url]}`)
    .join(' ');
  return `coalesce((select case ${alias}.event_type ${cases} else a.webhook_url end
                      from applications a where a.id = ${alias}.application_id), ${alias}.url)`;
}
