// The exports module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { EXPORT_OPERATIONS } from './order-export.operations.js';
export {
  type ExportKind,
  type OrderExport,
  type OrderExportInput,
  OrderExportService,
} from './order-export.service.js';
