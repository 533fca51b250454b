// The reports module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export {
  dayAfter,
  parseReportRange,
  REPORT_GRANULARITIES,
  type ReportGranularity,
  type ReportRange,
} from './report-range.js';
export { REPORT_OPERATIONS } from './report.operations.js';
export { ReportService } from './report.service.js';
