/**
 * The customer's side of the booking page (issue 12, decision 0115): member sessions from a LIFF
 * ID token (or the demo member) and the member's booking writes under `/api/booking/{publicKey}`.
 * The event pages (issue 27) sign friends in with the same sessions.
 */
export { memberBookingRoutes } from './routes.js';
export {
  MEMBER_COOKIE,
  MEMBER_SESSION_MS,
  createMemberSessions,
  type MemberSessions,
} from './sessions.js';
/** LINE Login's ID token check and friendship status, reused by trackers' login (issue 29). */
export { verifyLiffIdToken } from './liff-verify.js';
export { liffFriendship } from './liff-friendship.js';
