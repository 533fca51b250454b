import { quantile } from './acceptance-bins.js';
import type {
  MarketplaceFiguresView,
  OutcomeView,
  ReportFiguresView,
  ReportPeriodView,
  RevenueView,
} from './report.view.js';

// Summing the rollup rows a report reads (report-queries.ts) into its figures, per period and marketplace,
// per period, per marketplace over the range, and over everything. Pure: the rows in, the view's parts out.

interface CountRow {
  period: string;
  applicationId: string;
  currency: string;
  placed: number;
  live: number;
  revenue: number;
  withTotal: number;
  accepted: number;
}

interface OutcomeRow {
  period: string;
  applicationId: string;
  status: 'REJECTED' | 'CANCELLED';
  /** '' when no reason was given. */
  reason: string;
  count: number;
}

interface AcceptanceRow {
  period: string;
  applicationId: string;
  bin: number;
  count: number;
}

interface FailedDeliveryRow {
  period: string;
  applicationId: string;
  count: number;
}

export interface ReportRows {
  counts: CountRow[];
  outcomes: OutcomeRow[];
  acceptance: AcceptanceRow[];
  failedDeliveries: FailedDeliveryRow[];
}

/** The figures of one cell (a period and a marketplace, or a sum of them) while rows are added. */
class Figures {
  orders = 0;
  accepted = 0;
  failedDeliveries = 0;
  /** Anything at all was added: a period lists only the marketplaces with figures in it. */
  touched = false;
  private readonly revenue = new Map<string, { amount: number; withTotal: number; live: number }>();
  private readonly outcomes = { REJECTED: new Map<string, number>(), CANCELLED: new Map<string, number>() };
  private readonly bins = new Map<number, number>();

  addCounts(row: CountRow): void {
    this.touched = true;
    this.orders += row.placed;
    this.accepted += row.accepted;
    const revenue = this.revenue.get(row.currency) ?? { amount: 0, withTotal: 0, live: 0 };
    revenue.amount += row.revenue;
    revenue.withTotal += row.withTotal;
    revenue.live += row.live;
    this.revenue.set(row.currency, revenue);
  }

  addOutcome(row: OutcomeRow): void {
    this.touched = true;
    const reasons = this.outcomes[row.status];
    reasons.set(row.reason, (reasons.get(row.reason) ?? 0) + row.count);
  }

  addAcceptance(row: AcceptanceRow): void {
    this.touched = true;
    this.bins.set(row.bin, (this.bins.get(row.bin) ?? 0) + row.count);
  }

  addFailedDeliveries(count: number): void {
    this.touched = true;
    this.failedDeliveries += count;
  }

  view(): ReportFiguresView {
    const p50 = quantile(this.bins, 0.5);
    const p90 = quantile(this.bins, 0.9);
    return {
      orders: this.orders,
      revenue: [...this.revenue.entries()]
        .filter(([, r]) => r.live > 0 || r.amount !== 0)
        .sort(([, a], [, b]) => b.live - a.live)
        .map(([currency, r]): RevenueView => ({
          currency,
          amount: r.amount,
          averageBasket: r.withTotal > 0 ? Math.round(r.amount / r.withTotal) : null,
        })),
      accepted: this.accepted,
      acceptanceTime: p50 === null || p90 === null ? null : { p50Ms: p50, p90Ms: p90 },
      rejected: outcomeView(this.outcomes.REJECTED),
      cancelled: outcomeView(this.outcomes.CANCELLED),
      failedDeliveries: this.failedDeliveries,
    };
  }
}

function outcomeView(reasons: Map<string, number>): OutcomeView {
  const listed = [...reasons.entries()].filter(([, count]) => count > 0).sort(([, a], [, b]) => b - a);
  return {
    count: listed.reduce((sum, [, count]) => sum + count, 0),
    reasons: listed.map(([reason, count]) => ({ reason: reason === '' ? null : reason, count })),
  };
}

/** A grid of Figures: per (period, marketplace), with '' standing for "all of them". */
class FigureGrid {
  private readonly cells = new Map<string, Figures>();

  /** The four cells a row adds to: its own, its period's, its marketplace's over the range, and the total. */
  cellsOf(period: string, applicationId: string): Figures[] {
    return [this.cell(period, applicationId), this.cell(period, ''), this.cell('', applicationId), this.cell('', '')];
  }

  cell(period: string, applicationId: string): Figures {
    const key = `${period}|${applicationId}`;
    let figures = this.cells.get(key);
    if (!figures) this.cells.set(key, (figures = new Figures()));
    return figures;
  }

  has(period: string, applicationId: string): boolean {
    return this.cells.get(`${period}|${applicationId}`)?.touched ?? false;
  }
}

export interface AssembledReport {
  totals: ReportFiguresView;
  marketplaces: MarketplaceFiguresView[];
  periods: ReportPeriodView[];
}

/**
 * The report's figures from its rows. `periods` lists every period of the range (rows outside it are not
 * expected); `names` names the marketplaces. A marketplace is one that placed orders in the range; failed
 * deliveries to anyone else (the POS) count in the totals only.
 */
export function assembleReport(
  periods: readonly string[],
  rows: ReportRows,
  names: ReadonlyMap<string, string>,
): AssembledReport {
  const grid = new FigureGrid();
  const marketplaces = new Set<string>();
  for (const row of rows.counts) {
    marketplaces.add(row.applicationId);
    for (const cell of grid.cellsOf(row.period, row.applicationId)) cell.addCounts(row);
  }
  for (const row of rows.outcomes) for (const cell of grid.cellsOf(row.period, row.applicationId)) cell.addOutcome(row);
  for (const row of rows.acceptance)
    for (const cell of grid.cellsOf(row.period, row.applicationId)) cell.addAcceptance(row);
  for (const row of rows.failedDeliveries) {
    const cells = marketplaces.has(row.applicationId)
      ? grid.cellsOf(row.period, row.applicationId)
      : [grid.cell(row.period, ''), grid.cell('', '')];
    for (const cell of cells) cell.addFailedDeliveries(row.count);
  }
  const marketplaceView = (period: string, applicationId: string): MarketplaceFiguresView => ({
    applicationId,
    name: names.get(applicationId) ?? applicationId,
    figures: grid.cell(period, applicationId).view(),
  });
  const overRange = [...marketplaces]
    .map((applicationId) => marketplaceView('', applicationId))
    .sort((a, b) => b.figures.orders - a.figures.orders || a.name.localeCompare(b.name));
  const order = overRange.map((m) => m.applicationId);
  return {
    totals: grid.cell('', '').view(),
    marketplaces: overRange,
    periods: periods.map((start) => ({
      start,
      totals: grid.cell(start, '').view(),
      marketplaces: order.filter((id) => grid.has(start, id)).map((id) => marketplaceView(start, id)),
    })),
  };
}
