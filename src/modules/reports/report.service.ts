import { assertAccountReachable, requireScope } from '../../common/access.js';
import type { RequestContext } from '../../common/request-context.js';
import { sqlRows } from '../../db/raw-sql.js';
import { loadReachableAccount } from '../accounts/account-access.js';
import { applicationName } from '../applications/application-name.js';
import { ownDeliveriesOf } from '../delivery-log/delivery.service.js';
import { withLocation } from '../locations/location-access.js';
import { marketplaceOf } from '../orders/order.service.js';
import { assembleReport } from './report-figures.js';
import { reportRows, type ReportScope } from './report-queries.js';
import { parseReportRange, periodsOf, type ReportRange, type ReportRangeInput } from './report-range.js';
import type { OrderReportView } from './report.view.js';

// Order reports (docs/reports.md): a location's or an account's orders over a range of local days, by hour,
// day or week. The reach is the orders' (scope orders.read; a marketplace counts only the orders it placed)
// and the delivery log's (a partner application counts only the deliveries addressed to it).

export class ReportService {
  /** A location's report, its days in its timezone. */
  async forLocation(
    ctx: RequestContext,
    accountId: string,
    locationId: string,
    input: ReportRangeInput,
  ): Promise<OrderReportView> {
    const location = await withLocation(ctx, accountId, locationId, 'orders.read');
    const range = parseReportRange(input);
    return this.report(ctx, range, { accountId, locationId, timezone: location.timezone }, [locationId]);
  }

  /** An account's report: every location of it the caller reaches, each location's days in its own timezone. */
  async forAccount(ctx: RequestContext, accountId: string, input: ReportRangeInput): Promise<OrderReportView> {
    assertAccountReachable(ctx, accountId);
    requireScope(ctx, 'orders.read');
    await loadReachableAccount(ctx, accountId);
    const range = parseReportRange(input);
    const rows = await sqlRows<{ id: string }>(ctx.em, 'select id from locations where account_id = ?', [accountId]);
    const { reach } = ctx;
    const locationIds = rows
      .map((row) => row.id)
      .filter((id) => reach.all || reach.locationIds === null || reach.locationIds.has(id));
    return this.report(ctx, range, { accountId, locationId: null, timezone: null }, locationIds);
  }

  private async report(
    ctx: RequestContext,
    range: ReportRange,
    about: Pick<OrderReportView, 'accountId' | 'locationId' | 'timezone'>,
    locationIds: string[],
  ): Promise<OrderReportView> {
    const scope: ReportScope = { locationIds, marketplaceId: marketplaceOf(ctx), deliveriesTo: ownDeliveriesOf(ctx) };
    const rows = await reportRows(ctx.em, range, scope);
    const ids = [...new Set(rows.counts.map((row) => row.applicationId))];
    const names = await Promise.all(ids.map((id) => applicationName(ctx.em, id)));
    const named = new Map(ids.flatMap((id, i) => (names[i] ? [[id, names[i]] as [string, string]] : [])));
    return { ...about, ...range, ...assembleReport(periodsOf(range), rows, named) };
  }
}
