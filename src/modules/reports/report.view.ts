import type { ReportGranularity } from './report-range.js';

// The one public shape of an order report, for REST and GraphQL alike (docs/reports.md says what each
// figure counts).

export interface RevenueView {
  currency: string;
  /** Sum of `total` of the orders placed in the period that were not rejected or cancelled, smallest unit. */
  amount: number;
  /** amount / the number of those orders that carried a total, rounded; null when none did. */
  averageBasket: number | null;
}

interface ReasonCountView {
  /** The cancellationReason given, or null when none was. */
  reason: string | null;
  count: number;
}

export interface OutcomeView {
  count: number;
  /** By reason, the most frequent first. */
  reasons: ReasonCountView[];
}

interface AcceptanceTimeView {
  /** Milliseconds from NEW to ACCEPTED, within 2% of the exact quantile. */
  p50Ms: number;
  p90Ms: number;
}

export interface ReportFiguresView {
  /** Orders placed in the period, whatever became of them. */
  orders: number;
  /** Per currency, the location's first (most orders first). */
  revenue: RevenueView[];
  /** Of the orders placed in the period, those accepted (now or before). */
  accepted: number;
  /** Null when no order placed in the period was accepted. */
  acceptanceTime: AcceptanceTimeView | null;
  rejected: OutcomeView;
  cancelled: OutcomeView;
  /** Deliveries of the period given up after the whole retry schedule (FAILED), to anyone the caller sees. */
  failedDeliveries: number;
}

export interface MarketplaceFiguresView {
  applicationId: string;
  /** The marketplace application's name now. */
  name: string;
  figures: ReportFiguresView;
}

export interface ReportPeriodView {
  /** The period's first local day (DAY, WEEK) or local hour (HOUR: 2026-11-28T13:00). */
  start: string;
  totals: ReportFiguresView;
  /** Only marketplaces with figures in the period. */
  marketplaces: MarketplaceFiguresView[];
}

export interface OrderReportView {
  accountId: string;
  /** Null for an account's report (every location the caller reaches in it). */
  locationId: string | null;
  from: string;
  to: string;
  granularity: ReportGranularity;
  /** The location's timezone; null for an account's report, where each location counts in its own. */
  timezone: string | null;
  totals: ReportFiguresView;
  /** Over the whole range, the most orders first. */
  marketplaces: MarketplaceFiguresView[];
  /** Every period of the range in order, empty ones included. */
  periods: ReportPeriodView[];
}
