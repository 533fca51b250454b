import type { OrderReportQuery, ReportGranularity } from '../../gql/graphql';

// The report turned into what the charts draw: one row per period, one series per marketplace. Pure
// functions, so the charts' module holds only drawing.

export type Report = OrderReportQuery['orderReport'];

/** Mantine theme colours, one per marketplace in the report's order (the most orders first). */
const PALETTE = ['blue.6', 'orange.6', 'teal.6', 'grape.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.4', 'red.7'];

export interface Series {
  /** The key in each row: `m0`, `m1`… (a marketplace's name may hold anything). */
  name: string;
  label: string;
  color: string;
}

export type Row = Record<string, string | number | null>;

/** Each marketplace of the report as a series, coloured in its order. */
export function marketplaceSeries(report: Report): Series[] {
  return report.marketplaces.map((m, i) => ({ name: `m${i}`, label: m.name, color: PALETTE[i % PALETTE.length] }));
}

const UTC = 'UTC';

/** A period as people read it: "Sat 21 Nov", "21 Nov 13:00", "Week of 16 Nov" (the report's own days). */
function periodLabel(start: string, granularity: ReportGranularity): string {
  // The period's local day or hour, written as it is (formatted as UTC so no timezone moves it).
  const date = new Date(`${start.length === 10 ? `${start}T00:00` : start}:00Z`);
  const day = date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: UTC });
  if (granularity === 'WEEK') return `Week of ${day}`;
  if (granularity === 'DAY') return `${date.toLocaleDateString(undefined, { weekday: 'short', timeZone: UTC })} ${day}`;
  return `${day} ${start.slice(11, 16)}`;
}

/** The currency most orders were paid in: revenue charts draw it (the others are in the totals). */
export function mainCurrency(report: Report): string | null {
  return report.totals.revenue[0]?.currency ?? null;
}

/** Per period, each marketplace's orders. */
export function ordersRows(report: Report): Row[] {
  return rows(report, (figures) => figures.orders);
}

/** Per period, each marketplace's revenue in `currency` (smallest unit). */
export function revenueRows(report: Report, currency: string): Row[] {
  return rows(report, (figures) => figures.revenue.find((r) => r.currency === currency)?.amount ?? 0);
}

type PeriodFigures = Report['periods'][number]['marketplaces'][number]['figures'];

function rows(report: Report, value: (figures: PeriodFigures) => number): Row[] {
  const keyOf = new Map(report.marketplaces.map((m, i) => [m.applicationId, `m${i}`]));
  return report.periods.map((period) => {
    const row: Row = { period: periodLabel(period.start, report.granularity) };
    for (const key of keyOf.values()) row[key] = 0;
    for (const m of period.marketplaces) {
      const key = keyOf.get(m.applicationId);
      if (key) row[key] = value(m.figures);
    }
    return row;
  });
}

/**
 * Per period, p50 and p90 of the time to accept (null: nothing accepted then), in seconds, or in minutes when
 * the slowest is over two minutes (an axis of "240 s" reads slower than "4 min").
 */
export function acceptanceChart(report: Report): { rows: Row[]; unit: ' s' | ' min' } {
  const slowest = Math.max(0, ...report.periods.map((p) => p.totals.acceptanceTime?.p90Ms ?? 0));
  const unitMs = slowest > 120_000 ? 60_000 : 1000;
  const value = (ms: number | undefined) => (ms === undefined ? null : Math.round((ms / unitMs) * 10) / 10);
  return {
    unit: unitMs === 1000 ? ' s' : ' min',
    rows: report.periods.map((period) => ({
      period: periodLabel(period.start, report.granularity),
      p50: value(period.totals.acceptanceTime?.p50Ms),
      p90: value(period.totals.acceptanceTime?.p90Ms),
    })),
  };
}

const REASONS: Record<string, string> = {
  OUT_OF_STOCK: 'Out of stock',
  STORE_CLOSED: 'Store closed',
  TOO_BUSY: 'Too busy',
  CUSTOMER_CANCELLED: 'Customer cancelled',
  OTHER: 'Other',
};

/** A cancellationReason in words; "No reason given" for none. */
function reasonLabel(reason: string | null | undefined): string {
  if (!reason) return 'No reason given';
  return REASONS[reason] ?? reason;
}

/** Per reason over the range: how many orders were rejected and cancelled with it, the most first. */
export function reasonRows(report: Report): Row[] {
  const byReason = new Map<string, { rejected: number; cancelled: number }>();
  const add = (kind: 'rejected' | 'cancelled') => {
    for (const { reason, count } of report.totals[kind].reasons) {
      const label = reasonLabel(reason);
      const row = byReason.get(label) ?? { rejected: 0, cancelled: 0 };
      row[kind] += count;
      byReason.set(label, row);
    }
  };
  add('rejected');
  add('cancelled');
  return [...byReason.entries()]
    .map(([reason, counts]) => ({ reason, ...counts }))
    .sort((a, b) => b.rejected + b.cancelled - (a.rejected + a.cancelled));
}

/** A duration for people: "45 s", "2.5 min", "1.2 h". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${(ms / 60_000).toFixed(1)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}
