import type { AccountGrant, Grant } from '../../auth/authorize.js';
import { locationsInReach, type ReachedLocation } from '../accounts/index.js';
import type { LocationAccess } from '../locations/index.js';
import { dayAfter, parseReportRange, type ReportRange } from '../reports/index.js';
import { csvLine } from './csv.js';
import { LINE_COLUMNS, ORDER_COLUMNS, type ExportedOrder } from './order-export-columns.js';
import { exportedOrders } from './order-export-query.js';

// Order exports (docs/reports.md "Exports"): a location's or an account's orders placed over a range of local
// days as CSV, one line per order or one per order line. Who sees which orders is declared in
// order-export.operations.ts: the orders' reach and scope, a marketplace only the orders it placed. The CSV
// is made a batch of orders at a time as the response takes it (src/rest/routes/exports.routes.ts).

export type ExportKind = 'orders' | 'order-lines';

export interface OrderExportInput {
  from?: string | null;
  to?: string | null;
  /** Test orders (placed through the sandbox) are left out unless this is true. */
  includeTest?: boolean | null;
}

export interface OrderExport {
  /** What a browser saves it as. */
  filename: string;
  /** The header line, then a chunk of lines per batch of orders. */
  chunks: AsyncGenerator<string>;
}

function linesOf(kind: ExportKind, orders: ExportedOrder[]): string {
  if (kind === 'orders') return orders.map((order) => csvLine(ORDER_COLUMNS.map((c) => c.value(order)))).join('');
  let text = '';
  for (const order of orders)
    order.items.forEach((item, i) => {
      text += csvLine(LINE_COLUMNS.map((c) => c.value({ order, item, line: i + 1 })));
    });
  return text;
}

export class OrderExportService {
  /** A location's orders, its days in its timezone. */
  async forLocation(access: LocationAccess, kind: ExportKind, input: OrderExportInput): Promise<OrderExport> {
    const range = parseReportRange({ from: input.from, to: input.to });
    const { id, name, timezone } = await access.load();
    return this.export(access, kind, range, input.includeTest === true, [{ id, name, timezone }]);
  }

  /** Every location of an account the caller reaches, each location's days in its own timezone. */
  async forAccount(access: AccountGrant, kind: ExportKind, input: OrderExportInput): Promise<OrderExport> {
    const range = parseReportRange({ from: input.from, to: input.to });
    return this.export(access, kind, range, input.includeTest === true, await locationsInReach(access));
  }

  private async export(
    { ctx, ownedBy }: Grant,
    kind: ExportKind,
    { from, to }: ReportRange,
    includeTest: boolean,
    locations: ReachedLocation[],
  ): Promise<OrderExport> {
    const filter = { from, until: dayAfter(to), marketplaceId: ownedBy.orders, includeTest };
    async function* chunks() {
      yield csvLine((kind === 'orders' ? ORDER_COLUMNS : LINE_COLUMNS).map((c) => c.name));
      for await (const orders of exportedOrders(ctx.em, locations, filter)) yield linesOf(kind, orders);
    }
    return { filename: `${kind}-${from}-to-${to}.csv`, chunks: chunks() };
  }
}
