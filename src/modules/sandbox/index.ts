// The sandbox module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { DEMO_CATALOG } from './demo-catalog.js';
export { SANDBOX_MARKETPLACE_ID, SANDBOX_MOUNT, SANDBOX_PATHS, SANDBOX_POS_ID } from './sandbox-applications.js';
export { SANDBOX_POS_TASK, sandboxKitchenTask, scheduleKitchenStep } from './sandbox-pos.js';
export { SandboxReceipt } from './sandbox-receipt.entity.js';
export { recordReceipt, SandboxReceiptService } from './sandbox-receipts.js';
export { prepareSandbox } from './sandbox-setup.js';
export { SANDBOX_OPERATIONS } from './sandbox.operations.js';
export { TestOrderService } from './test-order.service.js';
