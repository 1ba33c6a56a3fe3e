import {
  DESK_MESSAGES,
  PENDING_LIST_LIMIT,
  RESERVATION_STATUS,
  RESERVATION_STATUSES,
  SEARCH_LIMIT,
  CUSTOMER_VISITS_PAGE,
  VISIT_STATUSES,
  type CustomerCard,
  type CustomerQuery,
  type PendingList,
  type Reservation,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { toKatakana } from '../../lib/kana.js';
import * as desk from './desk-repository.js';
import { findMember } from './repository.js';
import type { ReservationCore } from './service.js';

const NO_SHOW = VISIT_STATUSES.find((status) => status.key === 'no_show')!.id;
const VISITED = VISIT_STATUSES.find((status) => status.key === 'visited')!.id;

/** What a search is matched as: a phone is compared by its digits (`090-1234` → `0901234`). */
export function searchTextOf(query: string): string {
  const halfWidth = query.replace(/[０-９]/g, (char) =>
    String.fromCharCode(char.charCodeAt(0) - 0xfee0),
  );
  return /^[\d\s\-()+ー－]+$/.test(halfWidth) && /\d/.test(halfWidth)
    ? halfWidth.replace(/\D/g, '')
    : query;
}

/** The query as typed, and in katakana when it has hiragana (フリガナ are kept in katakana). */
function spellingsOf(query: string): string[] {
  const text = searchTextOf(query);
  return [...new Set([text, toKatakana(text)])];
}

/** The front desk (issue 26): 要対応 across all days, search, the customer card. */
export function createDeskService(deps: { db: Database; core: ReservationCore }) {
  const { db, core } = deps;

  async function reservationsOf(salonId: number, ids: number[]): Promise<Map<number, Reservation>> {
    const loaded = ids.length === 0 ? [] : await core.load(db, salonId, [...new Set(ids)]);
    return new Map(loaded.map((reservation) => [reservation.id, reservation]));
  }

  return {
    /** Booking, change and cancel requests of every day, oldest first (one tap to judge). */
    async pending(salonId: number): Promise<PendingList> {
      const { count, refs } = await desk.pendingOfSalon(db, salonId, PENDING_LIST_LIMIT);
      const byId = await reservationsOf(
        salonId,
        refs.map((ref) => ref.reservationId),
      );
      return {
        count,
        items: refs.flatMap((ref) => {
          const reservation = byId.get(ref.reservationId);
          return reservation
            ? [
                {
                  kind: ref.kind,
                  child_id: ref.childId,
                  requested_at: ref.requestedAt.toISOString(),
                  reservation,
                },
              ]
            : [];
        }),
      };
    },

    /** Bookings by name, kana or phone, newest first. */
    async search(salonId: number, query: string): Promise<Reservation[]> {
      const ids = await desk.searchReservationIds(db, salonId, spellingsOf(query), SEARCH_LIMIT);
      const byId = await reservationsOf(salonId, ids);
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** カルテ: contact, visits with dates, courses, staff, memos, no-shows. */
    async customer(
      salon: { id: number; accountId: number },
      query: CustomerQuery,
    ): Promise<CustomerCard> {
      const key =
        query.member_id !== undefined
          ? { memberId: query.member_id }
          : { phone: query.phone ?? '' };
      const summary = await desk.customerSummary(db, salon.id, key, {
        visited: VISITED,
        noShow: NO_SHOW,
        cancelled: RESERVATION_STATUS.cancelled,
      });
      // One more than a page tells whether there is a next one (もっと見る).
      const page = await desk.bookingsOfCustomer(
        db,
        salon.id,
        key,
        CUSTOMER_VISITS_PAGE + 1,
        query.before,
      );
      const rows = page.slice(0, CUSTOMER_VISITS_PAGE);
      const member =
        query.member_id !== undefined
          ? await findMember(db, salon.accountId, query.member_id)
          : undefined;
      if (summary.total === 0 && !member) throw new NotFoundError(DESK_MESSAGES.customerNotFound);
      return {
        name: summary.name || member?.displayName || '',
        kana: summary.kana,
        phone: summary.phone,
        member: member
          ? { id: member.id, display_name: member.displayName, icon_url: member.iconUrl }
          : null,
        visit_count: summary.visited,
        no_show_count: summary.noShow,
        cancel_count: summary.cancelled,
        visits_total: summary.total,
        next_before: page.length > CUSTOMER_VISITS_PAGE ? (rows.at(-1)?.id ?? null) : null,
        visits: rows.map((row) => {
          const memo = (row.metaData as { memo?: unknown } | null)?.memo;
          return {
            reservation_id: row.id,
            date: row.date,
            from: row.from,
            to: row.to,
            course_name: row.courseName ?? '',
            staff_name: row.staffName ?? '',
            status: row.status,
            status_label:
              RESERVATION_STATUSES.find((status) => status.id === row.status)?.name ?? '',
            visit_status: row.visitStatus,
            memo: typeof memo === 'string' ? memo : '',
            comment: row.comment,
          };
        }),
      };
    },
  };
}
