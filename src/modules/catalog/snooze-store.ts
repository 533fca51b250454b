import type { EntityManager } from '@mikro-orm/postgresql';
import { isoSql, sqlRows } from '../../db/raw-sql.js';
import type { SnoozeKind } from './snooze.rules.js';
import type { Shape } from '../../shapes/shape.js';

// The snooze columns of products and modifiers (snoozed_until), read and written set-based. Nothing here
// touches another column: show_online, taxRateIds and updated_at stay as the POS's catalog set them.

/** A product or modifier snoozed until a time. */
export type SnoozedItem = Shape<'SnoozedItem'>;

/** An item whose snooze was just set, moved or ended; `changed` false when it already was as asked. */
export type SnoozeWrite = SnoozedItem & { changed: boolean };

export type ItemRef = Pick<SnoozedItem, 'kind' | 'posReference' | 'id' | 'name'>;

const TABLE_OF: Record<SnoozeKind, string> = { PRODUCT: 'products', MODIFIER: 'modifiers' };

const listOf = (kind: SnoozeKind) =>
  `SELECT '${kind}' AS kind, pos_reference AS "posReference", id, name, ${isoSql('snoozed_until')} AS until
     FROM ${TABLE_OF[kind]} WHERE location_id = ?::uuid AND snoozed_until IS NOT NULL`;
const LIST = `${listOf('PRODUCT')} UNION ALL ${listOf('MODIFIER')} ORDER BY until, kind, "posReference"`;

export function readSnoozes(em: EntityManager, locationId: string): Promise<SnoozedItem[]> {
  return sqlRows<SnoozedItem>(em, LIST, [locationId, locationId]);
}

/** Which of these posReferences the location's catalog has, of one kind. */
export async function existingReferences(
  em: EntityManager,
  locationId: string,
  kind: SnoozeKind,
  posReferences: string[],
): Promise<Set<string>> {
  const rows = await sqlRows<{ ref: string }>(
    em,
    `SELECT pos_reference AS ref FROM ${TABLE_OF[kind]} WHERE location_id = ?::uuid AND pos_reference = ANY(?::text[])`,
    [locationId, posReferences],
  );
  return new Set(rows.map((r) => r.ref));
}

/** Sets each item's snoozed_until; the old value is read from the statement's own snapshot (the self-join). */
export function writeSnoozes(
  em: EntityManager,
  locationId: string,
  kind: SnoozeKind,
  items: { posReference: string; until: Date }[],
): Promise<SnoozeWrite[]> {
  const table = TABLE_OF[kind];
  return sqlRows<SnoozeWrite>(
    em,
    `UPDATE ${table} p SET snoozed_until = x.until
       FROM jsonb_to_recordset(?::jsonb) AS x(pos_reference text, until timestamptz), ${table} old
      WHERE p.location_id = ?::uuid AND p.pos_reference = x.pos_reference AND old.id = p.id
      RETURNING '${kind}' AS kind, p.pos_reference AS "posReference", p.id, p.name, ${isoSql('p.snoozed_until')} AS until,
                old.snoozed_until IS DISTINCT FROM x.until AS changed`,
    [JSON.stringify(items.map((i) => ({ pos_reference: i.posReference, until: i.until.toISOString() }))), locationId],
  );
}

/** Ends one item's snooze; null when the location has no such item. */
export async function endSnooze(
  em: EntityManager,
  locationId: string,
  kind: SnoozeKind,
  posReference: string,
): Promise<(ItemRef & { changed: boolean }) | null> {
  const table = TABLE_OF[kind];
  const [row] = await sqlRows<ItemRef & { changed: boolean }>(
    em,
    `UPDATE ${table} p SET snoozed_until = NULL FROM ${table} old
      WHERE p.location_id = ?::uuid AND p.pos_reference = ? AND old.id = p.id
      RETURNING '${kind}' AS kind, p.pos_reference AS "posReference", p.id, p.name, old.snoozed_until IS NOT NULL AS changed`,
    [locationId, posReference],
  );
  return row ?? null;
}

/** Ends every snooze of the location due by `now`: what the unsnooze job takes back. */
export async function endDueSnoozes(em: EntityManager, locationId: string, now: Date): Promise<ItemRef[]> {
  const due = (kind: SnoozeKind) =>
    sqlRows<ItemRef>(
      em,
      `UPDATE ${TABLE_OF[kind]} SET snoozed_until = NULL
        WHERE location_id = ?::uuid AND snoozed_until IS NOT NULL AND snoozed_until <= ?::timestamptz
        RETURNING '${kind}' AS kind, pos_reference AS "posReference", id, name`,
      [locationId, now.toISOString()],
    );
  return [...(await due('PRODUCT')), ...(await due('MODIFIER'))];
}

/** When the location's next snooze ends; null when nothing is snoozed. */
export async function nextSnoozeEnd(em: EntityManager, locationId: string): Promise<Date | null> {
  const [row] = await sqlRows<{ next: Date | null }>(
    em,
    `SELECT least((SELECT min(snoozed_until) FROM products WHERE location_id = ?::uuid AND snoozed_until IS NOT NULL),
                  (SELECT min(snoozed_until) FROM modifiers WHERE location_id = ?::uuid AND snoozed_until IS NOT NULL)) AS next`,
    [locationId, locationId],
  );
  return row?.next ? new Date(row.next) : null;
}
