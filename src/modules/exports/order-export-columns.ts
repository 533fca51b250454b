import { customerName } from '../orders/index.js';
import type { CsvValue } from './csv.js';

// The columns of the order exports, in their order: one line per order (ORDER_COLUMNS) or one per order line
// (LINE_COLUMNS). docs/reports.md "Exports" and openapi.yaml describe each; the names are the CSV's header.

/** An order as the export's query reads it (order-export-query.ts). */
export interface ExportedOrder {
  id: string;
  externalId: string;
  orderNumber: string | null;
  locationId: string;
  locationName: string;
  applicationId: string;
  sourceName: string;
  /** RFC 3339 UTC, milliseconds. */
  placedAt: string;
  /** The location's wall clock: YYYY-MM-DD HH:MM:SS. */
  placedLocal: string;
  status: string;
  fulfillmentType: string | null;
  /** As the marketplace sent it. */
  customer: unknown;
  currency: string;
  subTotal: number | null;
  totalTax: number | null;
  total: number | null;
  acceptedAt: string | null;
  completedAt: string | null;
  rejectedAt: string | null;
  cancelledAt: string | null;
  cancellationReason: string | null;
  cancelledBy: string | null;
  test: boolean;
  items: ExportedItem[];
}

interface ExportedOption {
  name?: unknown;
  quantity?: unknown;
  price?: unknown;
}

interface ExportedItem {
  posReference?: unknown;
  name?: unknown;
  quantity?: unknown;
  price?: unknown;
  customerNotes?: unknown;
  options?: ExportedOption[] | null;
}

interface Column<R> {
  name: string;
  value(row: R): CsvValue;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** Each option as "2 x Extra cheese (150)", separated by "; ": readable in one cell. */
function optionsText(options: ExportedItem['options']): string {
  return (options ?? [])
    .map((o) => `${number(o.quantity) ?? 1} x ${text(o.name) ?? ''} (${number(o.price) ?? ''})`)
    .join('; ');
}

const orderColumn = (name: keyof ExportedOrder): Column<ExportedOrder> => ({
  name,
  value: (order) => order[name] as CsvValue,
});

export const ORDER_COLUMNS: Column<ExportedOrder>[] = [
  { name: 'orderId', value: (o) => o.id },
  orderColumn('externalId'),
  orderColumn('orderNumber'),
  orderColumn('locationId'),
  orderColumn('locationName'),
  { name: 'marketplaceId', value: (o) => o.applicationId },
  { name: 'marketplace', value: (o) => o.sourceName },
  orderColumn('placedAt'),
  orderColumn('placedLocal'),
  orderColumn('status'),
  orderColumn('fulfillmentType'),
  { name: 'customer', value: (o) => customerName(o.customer) },
  orderColumn('currency'),
  orderColumn('subTotal'),
  orderColumn('totalTax'),
  orderColumn('total'),
  { name: 'lines', value: (o) => o.items.length },
  orderColumn('acceptedAt'),
  orderColumn('completedAt'),
  orderColumn('rejectedAt'),
  orderColumn('cancelledAt'),
  orderColumn('cancellationReason'),
  orderColumn('cancelledBy'),
  orderColumn('test'),
];

/** A line of an order, with its order and its position (1 = the first line). */
export interface ExportedLine {
  order: ExportedOrder;
  item: ExportedItem;
  line: number;
}

const ofOrder = (name: string, column = ORDER_COLUMNS.find((c) => c.name === name)!): Column<ExportedLine> => ({
  name,
  value: (row) => column.value(row.order),
});

export const LINE_COLUMNS: Column<ExportedLine>[] = [
  ...['orderId', 'externalId', 'orderNumber', 'locationId', 'marketplace', 'placedAt', 'placedLocal', 'status'].map(
    (name) => ofOrder(name),
  ),
  ofOrder('currency'),
  { name: 'line', value: (row) => row.line },
  { name: 'posReference', value: (row) => text(row.item.posReference) },
  { name: 'name', value: (row) => text(row.item.name) },
  { name: 'quantity', value: (row) => number(row.item.quantity) },
  { name: 'price', value: (row) => number(row.item.price) },
  { name: 'options', value: (row) => optionsText(row.item.options) },
  { name: 'customerNotes', value: (row) => text(row.item.customerNotes) },
  ofOrder('test'),
];
