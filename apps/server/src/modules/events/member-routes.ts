import type { FastifyInstance } from 'fastify';
import type { MemberSessions } from '../member-booking/index.js';
import { registerMemberBookingRoutes } from './member-booking-routes.js';
import type { EventMemberService } from './member-service.js';
import { registerMemberSessionRoutes } from './member-session-routes.js';

export { EVENT_MEMBER_COOKIE_PATH } from './member-session-routes.js';

/**
 * `/api/event_booking/{publicKey}`: the friend's event page (issue 27, decision 0310). The
 * member session is the booking page's (module member-booking: a LIFF ID token verified with
 * the account's LINE Login channel), its cookie scoped to this API. The page and the session
 * are member-session-routes.ts; booking, cancel and the waitlist member-booking-routes.ts.
 */
export async function eventMemberRoutes(
  app: FastifyInstance,
  options: { sessions: MemberSessions; members: EventMemberService },
) {
  const tags = ['events: member'];
  registerMemberSessionRoutes(app, { ...options, tags });
  registerMemberBookingRoutes(app, { ...options, tags });
}
