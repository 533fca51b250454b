import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ViewerType } from '../types/viewer.type.js';

/** The web UI's sign-in (backend-for-frontend session cookie) and who is signed in. */
@Resolver(() => ViewerType)
export class ViewerResolver {
  @Query(() => ViewerType, { nullable: true, description: 'The signed-in operator; null when nobody is signed in' })
  viewer(@Ctx() context: GraphQLContext) {
    return context.signedIn() ? context.services.viewer.find(context.ctx) : null;
  }

  @Mutation(() => ViewerType, {
    description: 'Signs in to the web UI: sets the httpOnly session cookie (no token is returned)',
  })
  async signIn(@Arg('email') email: string, @Arg('password') password: string, @Ctx() context: GraphQLContext) {
    await context.session.signIn(email, password);
    return context.services.viewer.find(context.ctx);
  }

  @Mutation(() => Boolean, { description: 'Ends the web UI session: both tokens revoked, the cookie cleared' })
  async signOut(@Ctx() context: GraphQLContext) {
    await context.session.signOut();
    return true;
  }
}
