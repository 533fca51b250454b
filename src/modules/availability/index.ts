// The availability module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { type LocationSchedules, readSchedules, scheduleFor } from './availability-read.js';
export { AVAILABILITY_OPERATIONS } from './availability.operations.js';
export { availabilityView, type AvailabilityView } from './availability.view.js';
export { HolidayClosure } from './holiday-closure.entity.js';
export { type Availability, availabilityAt, OPEN_STATES, type OpenState, type Pause } from './opening-calendar.js';
export { OpeningHours } from './opening-hours.entity.js';
export { OpeningHoursService } from './opening-hours.service.js';
export { TimezoneChangeListener } from './timezone-change-listener.js';
