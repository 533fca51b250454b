import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { LocationAccess } from '../../modules/locations/index.js';
import { SANDBOX_OPERATIONS as SANDBOX } from '../../modules/sandbox/index.js';
import type { GraphQLContext } from '../context.js';
import { Granted } from '../granted.js';
import { SandboxReceiptType } from '../types/sandbox.type.js';

@Resolver()
export class SandboxResolver {
  @Query(() => [SandboxReceiptType], {
    description:
      "What the sandbox marketplace received at the location's connections, the latest of each kind, newest first",
  })
  sandboxReceipts(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(SANDBOX.receipts) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.sandboxReceipts.findAll(access);
  }
}
