/** Time shifts of a salon's resources (RSV-48..55): masters, one-day patches, pure expansion. */
export { shiftRoutes } from './routes.js';
export { createShiftService, shiftsOf, type ShiftService } from './service.js';
export { coveredByShifts, expandShifts } from './expand.js';
export { seedDemoShifts, type DemoWorkingHours } from './seed.js';
/** The stored masters and patches of a range, for readers that expand them their own way. */
export { mastersInRange, patchesInRange } from './repository.js';
export type { ShiftMaster, ShiftPatch } from './expand.js';
