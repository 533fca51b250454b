import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { LocationAccess } from '../../modules/locations/index.js';
import { AVAILABILITY_OPERATIONS as AVAILABILITY } from '../../modules/availability/index.js';
import { CATALOG_OPERATIONS as CATALOG } from '../../modules/catalog/index.js';
import { STORE_STATUS_OPERATIONS as STORE_STATUS } from '../../modules/store-status/index.js';
import type { GraphQLContext } from '../context.js';
import { Granted } from '../granted.js';
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
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(AVAILABILITY.readOpeningHours) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.openingHours.get(access);
  }

  @Mutation(() => OpeningHoursType, {
    description: 'Replaces the whole document; marketplaces whose hours changed are sent OPENING_HOURS_CHANGED',
  })
  setOpeningHours(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('input', 'OpeningHours') input: Shape<'OpeningHours'>,
    @Granted(AVAILABILITY.setOpeningHours) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.openingHours.set(access, input);
  }

  @Mutation(() => StoreStatusType, {
    description: 'Busy mode: more preparation minutes until a time, sent with the store status',
  })
  async setBusyMode(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('input', 'BusyModeInput') input: Shape<'BusyModeInput'>,
    @Granted(STORE_STATUS.setBusyMode) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return {
      accountId: access.accountId,
      locationId: access.locationId,
      ...(await services.storeStatus.setBusyMode(access, input)),
    };
  }

  @Mutation(() => StoreStatusType, { description: 'Ends busy mode now' })
  async endBusyMode(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(STORE_STATUS.endBusyMode) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return {
      accountId: access.accountId,
      locationId: access.locationId,
      ...(await services.storeStatus.endBusyMode(access)),
    };
  }

  @Query(() => [SnoozedItemType], { description: 'What is snoozed at the location, earliest end first' })
  async snoozes(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(CATALOG.listSnoozes) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return (await services.snoozes.list(access)).items;
  }

  @Query(() => SnoozeChoicesType, {
    description: 'The instants "1 hour", "until closing" and "until tomorrow" stand for at the location now',
  })
  snoozeChoices(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(AVAILABILITY.snoozeChoices) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.openingHours.snoozeChoices(access);
  }

  @Mutation(() => [SnoozedItemType], {
    description: 'Snoozes each item until its time (moving the end of one already snoozed); answers everything snoozed',
  })
  async snoozeItems(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('input', 'SnoozeInput') input: Shape<'SnoozeInput'>,
    @Granted(CATALOG.snooze) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return (await services.snoozes.snooze(access, input)).items;
  }

  @Mutation(() => [SnoozedItemType], { description: 'Ends a snooze early; answers everything still snoozed' })
  async unsnoozeItem(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('kind', () => SnoozeKindEnum) kind: SnoozeKindEnum,
    @Arg('posReference') posReference: string,
    @Granted(CATALOG.unsnooze) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return (await services.snoozes.unsnooze(access, kind, posReference)).items;
  }
}
