import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { authorize } from '../../auth/authorize.js';
import { USER_OPERATIONS as USERS } from '../../modules/users/index.js';
import type { GraphQLContext } from '../context.js';
import { Declared } from '../granted.js';
import { ViewerType } from '../types/viewer.type.js';

/** The web UI's sign-in (backend-for-frontend session cookie) and who is signed in. */
@Resolver(() => ViewerType)
export class ViewerResolver {
  @Query(() => ViewerType, { nullable: true, description: 'The signed-in operator; null when nobody is signed in' })
  @Declared(USERS.viewer)
  async viewer(@Ctx() context: GraphQLContext) {
    if (!context.signedIn()) return null;
    return context.services.viewer.find(await authorize(context.ctx, USERS.viewer, {}));
  }

  @Mutation(() => ViewerType, {
    description: 'Signs in to the web UI: sets the httpOnly session cookie (no token is returned)',
  })
  @Declared(USERS.signIn)
  async signIn(@Arg('email') email: string, @Arg('password') password: string, @Ctx() context: GraphQLContext) {
    await context.session.signIn(email, password);
    return context.services.viewer.find(await authorize(context.ctx, USERS.viewer, {}));
  }

  @Mutation(() => Boolean, { description: 'Ends the web UI session: both tokens revoked, the cookie cleared' })
  @Declared(USERS.signOut)
  async signOut(@Ctx() context: GraphQLContext) {
    await context.session.signOut();
    return true;
  }
}
