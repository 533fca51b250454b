import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import { authorize } from '../../auth/authorize.js';
import { REPORT_OPERATIONS as REPORTS } from '../../modules/reports/index.js';
import type { GraphQLContext } from '../context.js';
import { Declared } from '../granted.js';
import { OrderReportType, ReportGranularityEnum } from '../types/report.type.js';

@Resolver()
export class ReportResolver {
  @Query(() => OrderReportType, {
    description:
      "A location's orders (or, without locationId, an account's: every location the caller reaches in it) over a range of local days, by hour, day or week (scope orders.read; a marketplace counts only its own orders)",
  })
  @Declared(REPORTS.location, REPORTS.account)
  async orderReport(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID, { nullable: true }) locationId: string | null,
    @Arg('from', { description: 'The first day, YYYY-MM-DD, included' }) from: string,
    @Arg('to', { description: 'The last day, included' }) to: string,
    @Arg('granularity', () => ReportGranularityEnum, { defaultValue: 'DAY' }) granularity: ReportGranularityEnum,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    const range = { from, to, granularity };
    return locationId
      ? services.reports.forLocation(await authorize(ctx, REPORTS.location, { accountId, locationId }), range)
      : services.reports.forAccount(await authorize(ctx, REPORTS.account, { accountId }), range);
  }
}
