import type {
  salonBlockTimes,
  salonReservationChildren,
  salonReservations,
} from '../../db/schema/index.js';

/**
 * The row shapes of the module's tables, apart from the queries: the repository's files import
 * them from here (not from repository.ts, which re-exports those files — a circle otherwise).
 */
export type ReservationRow = typeof salonReservations.$inferSelect;
export type ReservationValues = Omit<
  typeof salonReservations.$inferInsert,
  'id' | 'salonId' | 'createdAt'
>;
export type ChildRow = typeof salonReservationChildren.$inferSelect;
export type BlockTimeRow = typeof salonBlockTimes.$inferSelect;

export interface MemberSummary {
  id: number;
  displayName: string;
  iconUrl: string;
}
