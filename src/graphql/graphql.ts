import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/postgresql';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { toProblem } from '../rest/problem.js';
import type { Authenticator } from '../auth/authenticator.js';
import { bearerAuth } from '../auth/bearer.js';
import { contextOf } from '../http/context.js';
import type { Services } from '../services.js';
import type { GraphQLContext } from './context.js';
import { depthLimit } from './depth-limit.js';
import { formatError, isUnexpected } from './error-formatter.js';
import { buildHubSchema } from './schema.js';

export const MAX_QUERY_DEPTH = 10;

export interface GraphQLOptions {
  orm: MikroORM;
  services: Services;
  authenticator: Authenticator;
  production: boolean;
  rateLimiter: RequestHandler;
}

/** /graphql: the same bearer tokens and the same services as /v1 (CONTRACT section 9). */
export async function graphqlRouter(options: GraphQLOptions): Promise<{ router: Router; stop: () => Promise<void> }> {
  const server = new ApolloServer<GraphQLContext>({
    schema: await buildHubSchema(),
    formatError,
    plugins: [logUnexpectedErrors],
    validationRules: [depthLimit(MAX_QUERY_DEPTH)],
    introspection: !options.production,
    includeStacktraceInErrorResponses: false,
    // The hub owns shutdown (src/main.ts); Apollo's own signal handlers would race it.
    stopOnTerminationSignals: false,
  });
  await server.start();
  const router = Router();
  router.use('/graphql', express.json({ limit: '1mb' }), bearerAuth(options.authenticator), options.rateLimiter, expressMiddleware(server, {
    context: async ({ res }) => ({ ctx: contextOf(options.orm, res), services: options.services }),
  }));
  // Failures before a resolver runs (authentication, body parsing) still answer in GraphQL's error shape.
  router.use('/graphql', (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const problem = toProblem(err);
    sendGraphQLError(res, problem.status, problem.detail, problem.code);
  });
  return { router, stop: () => server.stop() };
}

/** What answers `internal` is logged with its cause, on the request's logger, as REST logs its 500s. */
const logUnexpectedErrors: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors) {
          if (isUnexpected(error)) contextValue.ctx.log.error({ err: error.originalError ?? error, path: error.path }, 'graphql operation failed');
        }
      },
    };
  },
};

function sendGraphQLError(res: Response, status: number, message: string, code: string): void {
  if (code === 'unauthorized') res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}
