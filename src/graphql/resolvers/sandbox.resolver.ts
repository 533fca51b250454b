import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { SandboxReceiptType } from '../types/sandbox.type.js';

@Resolver()
export class SandboxResolver {
  @Query(() => [SandboxReceiptType], {
    description:
      "What the sandbox marketplace received at the location's connections, the latest of each kind, newest first",
  })
  sandboxReceipts(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.sandboxReceipts.findAll(ctx, accountId, locationId);
  }
}
