import type { Shape } from '../../shapes/shape.js';

// The one public shape of an order report, for REST and GraphQL alike (docs/reports.md says what each
// figure counts). Its parts are named for report-figures.ts, which assembles them.

export type OrderReportView = Shape<'OrderReport'>;
export type ReportFiguresView = Shape<'ReportFigures'>;
export type RevenueView = ReportFiguresView['revenue'][number];
export type OutcomeView = Shape<'ReportOutcome'>;
export type MarketplaceFiguresView = Shape<'ReportMarketplace'>;
export type ReportPeriodView = OrderReportView['periods'][number];
