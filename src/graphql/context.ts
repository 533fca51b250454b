import type { RequestContext } from '../common/request-context.js';
import type { Services } from '../services.js';

export interface GraphQLContext {
  ctx: RequestContext;
  services: Services;
}
