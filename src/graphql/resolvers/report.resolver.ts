import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { OrderReportType, ReportGranularityEnum } from '../types/report.type.js';

@Resolver()
export class ReportResolver {
  @Query(() => OrderReportType, {
    description:
      "A location's orders (or, without locationId, an account's: every location the caller reaches in it) over a range of local days, by hour, day or week (scope orders.read; a marketplace counts only its own orders)",
  })
  orderReport(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID, { nullable: true }) locationId: string | null,
    @Arg('from', { description: 'The first day, YYYY-MM-DD, included' }) from: string,
    @Arg('to', { description: 'The last day, included' }) to: string,
    @Arg('granularity', () => ReportGranularityEnum, { defaultValue: 'DAY' }) granularity: ReportGranularityEnum,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    const range = { from, to, granularity };
    return locationId
      ? services.reports.forLocation(ctx, accountId, locationId, range)
      : services.reports.forAccount(ctx, accountId, range);
  }
}
