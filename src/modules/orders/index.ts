// The orders module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { ACCEPTANCE_DEADLINE_TASK, acceptanceDeadlineTask } from './acceptance-deadline-job.js';
export { customerName } from './customer-name.js';
export { lineTotal, linesSubtotal, type PricedLine } from './order-amounts.js';
export { AVAILABILITY_RULES, type AvailabilityRule } from './order-availability.js';
export {
  CANCELLATION_REASONS,
  type CancellationReason,
  ORDER_STATUSES,
  type OrderStatus,
  STATUSES_IN_LIFE_ORDER,
  STATUSES_WITH_REASON,
} from './order-status.js';
export { Order, type StatusChange } from './order.entity.js';
export { InvalidTransitionError } from './order.errors.js';
export { ORDER_OPERATIONS } from './order.operations.js';
export { OrderService } from './order.service.js';
export { type OrderView, toOrderView } from './order.view.js';
