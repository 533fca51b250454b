import type { Availability } from '../availability/index.js';
import type { SnoozeKind } from '../catalog/index.js';
import {
  indexesOf,
  itemKeys,
  mappedRecord,
  optionKeys,
  type CatalogMatch,
  type CatalogTaxIndex,
  type LineKeys,
} from './order-tax.js';
import type { ItemInput } from './order.rules.js';
import type { Shape } from '../../shapes/shape.js';

// An order that races availability is never dropped: placed while the store is closed (paused, by its hours,
// for a holiday), or naming a snoozed product or modifier, it is stored and forwarded to the POS with
// `availabilityWarnings` saying which rule and which lines, and the POS decides. Pure: the placement gives
// what it read (the store's availability for this marketplace, the catalog records the lines map to).

export const AVAILABILITY_RULES = [
  'STORE_PAUSED',
  'STORE_CLOSED_BY_HOURS',
  'STORE_CLOSED_FOR_HOLIDAY',
  'ITEM_SNOOZED',
] as const;
export type AvailabilityRule = (typeof AVAILABILITY_RULES)[number];

export type AvailabilityWarning = Shape<'AvailabilityWarning'>;

const STORE_RULE: Record<Exclude<Availability['state'], 'OPEN'>, AvailabilityRule> = {
  PAUSED: 'STORE_PAUSED',
  CLOSED_BY_HOURS: 'STORE_CLOSED_BY_HOURS',
  CLOSED_FOR_HOLIDAY: 'STORE_CLOSED_FOR_HOLIDAY',
};

/** The record a line maps to (by id or posReference, else by its exact name, as tax resolution finds it). */
function recordOf(line: LineKeys, index: CatalogTaxIndex) {
  return mappedRecord(line, index) ?? index.byName.get(line.name);
}

export function availabilityWarnings(
  store: Availability,
  items: readonly ItemInput[],
  matches: readonly CatalogMatch[],
  now: Date,
): AvailabilityWarning[] {
  const warnings: AvailabilityWarning[] = [];
  if (store.state !== 'OPEN')
    warnings.push({ rule: STORE_RULE[store.state], until: store.until, reason: store.reason });
  const { product, modifier } = indexesOf(matches);
  const snoozed = (line: LineKeys, index: CatalogTaxIndex, kind: SnoozeKind, at: { item: number; option?: number }) => {
    const record = recordOf(line, index);
    if (record?.snoozedUntil && new Date(record.snoozedUntil) > now)
      warnings.push({
        rule: 'ITEM_SNOOZED',
        until: iso(record.snoozedUntil),
        ...at,
        kind,
        posReference: record.posReference,
      });
  };
  items.forEach((item, i) => {
    snoozed(itemKeys(item), product, 'PRODUCT', { item: i });
    item.options.forEach((option, j) => snoozed(optionKeys(option), modifier, 'MODIFIER', { item: i, option: j }));
  });
  return warnings;
}

const iso = (value: string) => new Date(value).toISOString();
