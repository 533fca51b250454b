import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { OpeningHoursType, SnoozeChoicesType, SnoozedItemType, SnoozeKindEnum } from '../types/availability.type.js';
import { StoreStatusType } from '../types/publication.type.js';

/** Opening hours, busy mode and snoozes: the REST operations, calling the same service methods. */
@Resolver()
export class AvailabilityResolver {
  @Query(() => OpeningHoursType, {
    description: "The location's opening hours, per-marketplace overrides and holidays",
  })
  openingHours(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.openingHours.get(ctx, accountId, locationId);
  }

  @Mutation(() => OpeningHoursType, {
    description: 'Replaces the whole document; marketplaces whose hours changed are sent OPENING_HOURS_CHANGED',
  })
  setOpeningHours(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @ShapeArg('input', 'OpeningHours') input: Shape<'OpeningHours'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.openingHours.set(ctx, accountId, locationId, input);
  }

  @Mutation(() => StoreStatusType, {
    description: 'Busy mode: more preparation minutes until a time, sent with the store status',
  })
  async setBusyMode(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @ShapeArg('input', 'BusyModeInput') input: Shape<'BusyModeInput'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return { accountId, locationId, ...(await services.storeStatus.setBusyMode(ctx, accountId, locationId, input)) };
  }

  @Mutation(() => StoreStatusType, { description: 'Ends busy mode now' })
  async endBusyMode(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return { accountId, locationId, ...(await services.storeStatus.endBusyMode(ctx, accountId, locationId)) };
  }

  @Query(() => [SnoozedItemType], { description: 'What is snoozed at the location, earliest end first' })
  async snoozes(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return (await services.snoozes.list(ctx, accountId, locationId)).items;
  }

  @Query(() => SnoozeChoicesType, {
    description: 'The instants "1 hour", "until closing" and "until tomorrow" stand for at the location now',
  })
  snoozeChoices(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.openingHours.snoozeChoices(ctx, accountId, locationId);
  }

  @Mutation(() => [SnoozedItemType], {
    description: 'Snoozes each item until its time (moving the end of one already snoozed); answers everything snoozed',
  })
  async snoozeItems(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @ShapeArg('input', 'SnoozeInput') input: Shape<'SnoozeInput'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return (await services.snoozes.snooze(ctx, accountId, locationId, input)).items;
  }

  @Mutation(() => [SnoozedItemType], { description: 'Ends a snooze early; answers everything still snoozed' })
  async unsnoozeItem(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('kind', () => SnoozeKindEnum) kind: SnoozeKindEnum,
    @Arg('posReference') posReference: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return (await services.snoozes.unsnooze(ctx, accountId, locationId, kind, posReference)).items;
  }
}
