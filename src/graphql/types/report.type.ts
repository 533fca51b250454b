import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { REPORT_GRANULARITIES, type ReportGranularity } from '../../modules/reports/index.js';
import { enumOf } from './enum-of.js';

// An order report (src/modules/reports/report.view.ts) as GraphQL reads it; docs/reports.md says what each
// figure counts.

export const ReportGranularityEnum = enumOf(REPORT_GRANULARITIES);
export type ReportGranularityEnum = ReportGranularity;
registerEnumType(ReportGranularityEnum, {
  name: 'ReportGranularity',
  description: 'The periods of a report: local hours, days or weeks (starting on Monday)',
});

@ObjectType('ReportRevenue')
export class ReportRevenueType {
  @Field() currency: string;
  @Field(() => Int, {
    description: 'Sum of the totals of the orders placed in the period that were not rejected or cancelled',
  })
  amount: number;
  @Field(() => Int, { nullable: true, description: 'amount divided by those of them that carried a total' })
  averageBasket: number | null;
}

@ObjectType('ReportReasonCount')
export class ReportReasonCountType {
  @Field(() => String, { nullable: true, description: 'The cancellationReason; null when none was given' })
  reason: string | null;
  @Field(() => Int) count: number;
}

@ObjectType('ReportOutcome')
export class ReportOutcomeType {
  @Field(() => Int) count: number;
  @Field(() => [ReportReasonCountType], { description: 'The most frequent first' })
  reasons: ReportReasonCountType[];
}

@ObjectType('AcceptanceTime', { description: 'From NEW to ACCEPTED, within 2% of the exact quantiles' })
export class AcceptanceTimeType {
  @Field(() => Int) p50Ms: number;
  @Field(() => Int) p90Ms: number;
}

@ObjectType('ReportFigures')
export class ReportFiguresType {
  @Field(() => Int, { description: 'Orders placed in the period, whatever became of them' })
  orders: number;
  @Field(() => [ReportRevenueType], { description: 'Per currency, the most orders first' })
  revenue: ReportRevenueType[];
  @Field(() => Int, { description: 'Orders placed in the period that were accepted' })
  accepted: number;
  @Field(() => AcceptanceTimeType, { nullable: true, description: 'Null when no order was accepted' })
  acceptanceTime: AcceptanceTimeType | null;
  @Field(() => ReportOutcomeType) rejected: ReportOutcomeType;
  @Field(() => ReportOutcomeType) cancelled: ReportOutcomeType;
  @Field(() => Int, { description: 'Deliveries of the period given up after the whole retry schedule (FAILED)' })
  failedDeliveries: number;
}

@ObjectType('ReportMarketplace')
export class ReportMarketplaceType {
  @Field(() => ID) applicationId: string;
  @Field() name: string;
  @Field(() => ReportFiguresType) figures: ReportFiguresType;
}

@ObjectType('ReportPeriod')
export class ReportPeriodType {
  @Field({ description: 'The first local day (2026-11-02) or, by HOUR, the local hour (2026-11-02T13:00)' })
  start: string;
  @Field(() => ReportFiguresType) totals: ReportFiguresType;
  @Field(() => [ReportMarketplaceType], { description: 'The marketplaces with figures in the period' })
  marketplaces: ReportMarketplaceType[];
}

@ObjectType('OrderReport')
export class OrderReportType {
  @Field(() => ID) accountId: string;
  @Field(() => ID, { nullable: true, description: "Null for an account's report" })
  locationId: string | null;
  @Field() from: string;
  @Field() to: string;
  @Field(() => ReportGranularityEnum) granularity: ReportGranularityEnum;
  @Field(() => String, {
    nullable: true,
    description: "The location's timezone; null for an account's report (each location counts in its own)",
  })
  timezone: string | null;
  @Field(() => ReportFiguresType) totals: ReportFiguresType;
  @Field(() => [ReportMarketplaceType], { description: 'Each marketplace that placed orders in the range' })
  marketplaces: ReportMarketplaceType[];
  @Field(() => [ReportPeriodType], { description: 'Every period of the range in order, empty ones too' })
  periods: ReportPeriodType[];
}
