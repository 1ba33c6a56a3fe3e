/**
 * The customer's side of the booking page (issue 12, decision 0115): member sessions from a LIFF
 * ID token (or the demo member) and the member's booking writes under `/api/booking/{publicKey}`.
 */
export { memberBookingRoutes } from './routes.js';
export { MEMBER_COOKIE } from './sessions.js';
