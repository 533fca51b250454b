import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { LocationAccess } from '../../modules/locations/index.js';
import { ORDER_SETTINGS_OPERATIONS as ORDER_SETTINGS } from '../../modules/order-settings/index.js';
import type { Shape } from '../../shapes/shape.js';
import type { GraphQLContext } from '../context.js';
import { Granted } from '../granted.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import { OrderSettingsType } from '../types/order-settings.type.js';

/** The acceptance deadline and the delivery failure alert: the REST operations, calling the same service methods. */
@Resolver()
export class OrderSettingsResolver {
  @Query(() => OrderSettingsType, { description: "The location's acceptance deadline and delivery failure alert" })
  orderSettings(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(ORDER_SETTINGS.read) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.orderSettings.get(access);
  }

  @Mutation(() => OrderSettingsType, {
    description: 'Replaces the settings; a new deadline applies to orders placed from then on',
  })
  setOrderSettings(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('input', 'OrderSettings') input: Shape<'OrderSettings'>,
    @Granted(ORDER_SETTINGS.set) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.orderSettings.set(access, input);
  }
}
