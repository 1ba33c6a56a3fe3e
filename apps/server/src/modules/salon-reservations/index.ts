/**
 * Reservations, member requests and their judgements, and block times (RSV-56..77). The member
 * side (`createMemberRequestService`) is what the customer booking page calls.
 */
export { reservationRoutes } from './routes.js';
export { deskRoutes } from './desk-routes.js';
export { createReservationCore, createReservationService } from './service.js';
export { createMemberRequestService, type MemberRequestService } from './member-requests.js';
export { seedDemoReservations } from './seed.js';
