import type { AccountGrant, Grant } from '../../auth/authorize.js';
import { locationsInReach } from '../accounts/index.js';
import { applicationName } from '../applications/index.js';
import type { LocationAccess } from '../locations/index.js';
import { assembleReport } from './report-figures.js';
import { reportRows, type ReportScope } from './report-queries.js';
import { parseReportRange, periodsOf, type ReportRange, type ReportRangeInput } from './report-range.js';
import type { OrderReportView } from './report.view.js';

// Order reports (docs/reports.md): a location's or an account's orders over a range of local days, by hour,
// day or week. Who sees which figures is declared in report.operations.ts: the orders' reach and scope, a
// marketplace counting only the orders it placed and a partner application only the deliveries addressed to it.

export class ReportService {
  /** A location's report, its days in its timezone. */
  async forLocation(access: LocationAccess, input: ReportRangeInput): Promise<OrderReportView> {
    const { accountId, locationId } = access;
    const location = await access.load();
    const range = parseReportRange(input);
    return this.report(access, range, { accountId, locationId, timezone: location.timezone }, [locationId]);
  }

  /** An account's report: every location of it the caller reaches, each location's days in its own timezone. */
  async forAccount(access: AccountGrant, input: ReportRangeInput): Promise<OrderReportView> {
    const { accountId } = access;
    const locations = await locationsInReach(access);
    const range = parseReportRange(input);
    return this.report(
      access,
      range,
      { accountId, locationId: null, timezone: null },
      locations.map((location) => location.id),
    );
  }

  private async report(
    { ctx, ownedBy }: Grant,
    range: ReportRange,
    about: Pick<OrderReportView, 'accountId' | 'locationId' | 'timezone'>,
    locationIds: string[],
  ): Promise<OrderReportView> {
    const scope: ReportScope = { locationIds, marketplaceId: ownedBy.orders, deliveriesTo: ownedBy.deliveries };
    const rows = await reportRows(ctx.em, range, scope);
    const ids = [...new Set(rows.counts.map((row) => row.applicationId))];
    const names = await Promise.all(ids.map((id) => applicationName(ctx.em, id)));
    const named = new Map(ids.flatMap((id, i) => (names[i] ? [[id, names[i]] as [string, string]] : [])));
    return { ...about, ...range, ...assembleReport(periodsOf(range), rows, named) };
  }
}
