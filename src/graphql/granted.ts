import { createParameterDecorator, Extensions } from 'type-graphql';
import { authorize, type Grants, type TargetIds } from '../auth/authorize.js';
import type { OperationRule, Target } from '../auth/operation.js';
import type { GraphQLContext } from './context.js';

// Every Query, Mutation and Subscription field is a declared operation (src/auth/operation.ts): it carries
// its declaration's name in the field's extensions (`operation`), which the tests read off the schema to find
// fields without one, and its resolver takes the grant (src/auth/authorize.ts) instead of the bare context.

/** The extension every root field carries: the name of its declared operation. */
export const OPERATION_EXTENSION = 'operation';

/**
 * Marks the field as the declared operation (the parameter decorator below does so too), for a field that
 * authorizes in its resolver: one that answers before sign-in, or serves one of several operations by its
 * arguments (a report of a location, or of an account).
 */
export function Declared(...rules: OperationRule[]): MethodDecorator {
  const names = rules.map((rule) => rule.name);
  return (prototype, propertyKey, descriptor) =>
    Extensions({ [OPERATION_EXTENSION]: names.length === 1 ? names[0] : names })(prototype, propertyKey, descriptor);
}

/**
 * The grant of the field's operation, for the ids its arguments name (`accountId`, `locationId`, ...) or,
 * when they are named otherwise (`id`), those `ids` reads off the arguments or the parent object.
 */
export function Granted<T extends Target, A = unknown, R = unknown>(
  rule: OperationRule<T>,
  ids?: (args: A, root: R) => TargetIds[T],
): ParameterDecorator {
  const grant = createParameterDecorator<GraphQLContext>(({ context, args, root }): Promise<Grants[T]> =>
    authorize(context.ctx, rule, ids ? ids(args as A, root as R) : (args as TargetIds[T])),
  );
  return (prototype, propertyKey, index) => {
    Extensions({ [OPERATION_EXTENSION]: rule.name })(prototype, propertyKey!, undefined as never);
    grant(prototype, propertyKey!, index);
  };
}
