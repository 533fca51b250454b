import { binOf, binValue, quantile, RELATIVE_ACCURACY } from '../../src/modules/reports/acceptance-bins.js';
import { assembleReport, type ReportRows } from '../../src/modules/reports/report-figures.js';
import { parseReportRange, periodsOf } from '../../src/modules/reports/report-range.js';

describe('report ranges', () => {
  it('takes two calendar dates, both included, granularity in any case (DAY by default)', () => {
    expect(parseReportRange({ from: '2026-11-01', to: '2026-11-30', granularity: 'week' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      granularity: 'WEEK',
    });
    expect(parseReportRange({ from: '2026-11-01', to: '2026-11-01' }).granularity).toBe('DAY');
  });

  it('names every wrong parameter', () => {
    const problems = (input: Parameters<typeof parseReportRange>[0]) => {
      try {
        parseReportRange(input);
        return [];
      } catch (error) {
        return (error as { errors: { path: string; message: string }[] }).errors;
      }
    };
    expect(problems({ to: '2026-02-30', granularity: 'month' }).map((e) => e.path)).toEqual([
      'from',
      'to',
      'granularity',
    ]);
    expect(problems({ from: '2026-11-02', to: '2026-11-01' })).toEqual([
      { path: 'to', message: 'must not be before from' },
    ]);
    expect(problems({ from: '2026-01-01', to: '2027-01-01' })).toEqual([]);
    expect(problems({ from: '2026-01-01', to: '2027-01-02' })[0].message).toContain('366 days');
    expect(problems({ from: '2026-11-01', to: '2026-11-08', granularity: 'HOUR' })[0].message).toContain('7 days');
    expect(problems({ from: '2026-11-01', to: '2026-11-07', granularity: 'HOUR' })).toEqual([]);
  });

  it('lists every period: hours of each day, days, and weeks from the Monday on or before from', () => {
    expect(periodsOf({ from: '2026-11-30', to: '2026-12-01', granularity: 'DAY' })).toEqual([
      '2026-11-30',
      '2026-12-01',
    ]);
    const hours = periodsOf({ from: '2026-03-29', to: '2026-03-29', granularity: 'HOUR' });
    // Wall-clock hours, a DST day included: 24 of them, named as the database names them.
    expect(hours).toHaveLength(24);
    expect([hours[0], hours[23]]).toEqual(['2026-03-29T00:00', '2026-03-29T23:00']);
    // 2026-11-28 is a Saturday; 2026-11-23 the Monday before it.
    expect(periodsOf({ from: '2026-11-28', to: '2026-12-07', granularity: 'WEEK' })).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ]);
    expect(periodsOf({ from: '2024-02-28', to: '2024-03-01', granularity: 'DAY' })).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });
});

describe('acceptance bins', () => {
  it('represent every time they hold within the promised accuracy', () => {
    for (const ms of [2, 3, 17, 999, 1_000, 45_000, 59_999, 60_000, 299_999, 3_600_000, 86_400_000]) {
      const value = binValue(binOf(ms));
      expect(Math.abs(value - ms) / ms).toBeLessThanOrEqual(RELATIVE_ACCURACY + 1e-9);
    }
    expect(binOf(0)).toBe(0);
    expect(binOf(1)).toBe(0);
  });

  it('give nearest-rank quantiles within the accuracy, and none for nothing', () => {
    const times = [30_000, 45_000, 60_000, 90_000, 300_000];
    const bins = new Map<number, number>();
    for (const ms of times) bins.set(binOf(ms), (bins.get(binOf(ms)) ?? 0) + 1);
    expect(Math.abs((quantile(bins, 0.5) as number) - 60_000)).toBeLessThanOrEqual(60_000 * RELATIVE_ACCURACY);
    expect(Math.abs((quantile(bins, 0.9) as number) - 300_000)).toBeLessThanOrEqual(300_000 * RELATIVE_ACCURACY);
    expect(Math.abs((quantile(bins, 0.2) as number) - 30_000)).toBeLessThanOrEqual(30_000 * RELATIVE_ACCURACY);
    expect(quantile(new Map(), 0.5)).toBeNull();
    // Counts that cancel out (an acceptance moved elsewhere) leave nothing.
    expect(quantile(new Map([[binOf(5_000), 0]]), 0.5)).toBeNull();
  });
});

describe('assembling a report', () => {
  const rows: ReportRows = {
    counts: [
      {
        period: '2026-11-20',
        applicationId: 'm1',
        currency: 'EUR',
        placed: 3,
        live: 2,
        revenue: 3000,
        withTotal: 2,
        accepted: 2,
      },
      {
        period: '2026-11-21',
        applicationId: 'm2',
        currency: 'EUR',
        placed: 1,
        live: 1,
        revenue: 0,
        withTotal: 0,
        accepted: 0,
      },
      {
        period: '2026-11-21',
        applicationId: 'm1',
        currency: 'USD',
        placed: 1,
        live: 1,
        revenue: 500,
        withTotal: 1,
        accepted: 1,
      },
    ],
    outcomes: [{ period: '2026-11-20', applicationId: 'm1', status: 'REJECTED', reason: '', count: 1 }],
    acceptance: [
      { period: '2026-11-20', applicationId: 'm1', bin: binOf(10_000), count: 2 },
      { period: '2026-11-21', applicationId: 'm1', bin: binOf(20_000), count: 1 },
    ],
    failedDeliveries: [
      { period: '2026-11-21', applicationId: 'pos', count: 2 },
      { period: '2026-11-21', applicationId: 'm2', count: 1 },
    ],
  };
  const report = assembleReport(
    ['2026-11-20', '2026-11-21', '2026-11-22'],
    rows,
    new Map([
      ['m1', 'FoodNow'],
      ['m2', 'EatHere'],
    ]),
  );

  it('sums per marketplace, per period and over everything', () => {
    expect(report.totals).toMatchObject({
      orders: 5,
      accepted: 3,
      revenue: [
        { currency: 'EUR', amount: 3000, averageBasket: 1500 },
        { currency: 'USD', amount: 500, averageBasket: 500 },
      ],
      rejected: { count: 1, reasons: [{ reason: null, count: 1 }] },
      cancelled: { count: 0, reasons: [] },
      failedDeliveries: 3,
    });
    expect(report.marketplaces.map((m) => [m.name, m.figures.orders, m.figures.failedDeliveries])).toEqual([
      ['FoodNow', 4, 0],
      ['EatHere', 1, 1],
    ]);
    // EatHere's one live order carried no total: revenue 0, no average basket.
    expect(report.marketplaces[1].figures.revenue).toEqual([{ currency: 'EUR', amount: 0, averageBasket: null }]);
  });

  it('lists every period, empty ones too, with only the marketplaces that have figures in it', () => {
    expect(report.periods.map((p) => [p.start, p.totals.orders, p.marketplaces.map((m) => m.name)])).toEqual([
      ['2026-11-20', 3, ['FoodNow']],
      ['2026-11-21', 2, ['FoodNow', 'EatHere']],
      ['2026-11-22', 0, []],
    ]);
    expect(report.periods[2].totals).toEqual({
      orders: 0,
      revenue: [],
      accepted: 0,
      acceptanceTime: null,
      rejected: { count: 0, reasons: [] },
      cancelled: { count: 0, reasons: [] },
      failedDeliveries: 0,
    });
    // The POS's failed deliveries count in the period's totals, under no marketplace.
    expect(report.periods[1].totals.failedDeliveries).toBe(3);
  });
});
