import type { BlockTime, Reservation, TimeShift } from '@tsunagu/contracts';
import type { CustomerKey } from '../api/desk';
import type { BlockTimePayload } from '../api/save-block-time';
import { valuesOf, type ReservationFormValues } from '../components/reservation-form-values';
import type { TimeShiftFormInitial } from '../components/time-shift-form';
import type { PanelContent } from './panel-controller';

let serial = 0;
const fresh = (prefix: string) => `${prefix}-${(serial += 1)}`;

/** What each of the four forms (TML-07) is opened with. */
export const panelContents = {
  newReservation: (initial: ReservationFormValues): PanelContent => ({
    form: 'reservation',
    key: fresh('new'),
    props: { initial },
  }),
  editReservation: (reservation: Reservation): PanelContent => ({
    form: 'reservation',
    key: fresh(`edit-${reservation.id}`),
    props: { initial: valuesOf(reservation) },
  }),
  /** Keyed by the reservation id, so opening the one already shown does nothing (TML-10). */
  detail: (id: number): PanelContent => ({
    form: 'reservation-detail',
    key: String(id),
    props: { id },
  }),
  blockTime: (initial: BlockTimePayload | BlockTime): PanelContent => ({
    form: 'block-time',
    key: fresh('block'),
    props: { initial },
  }),
  /** 要対応 across all days (issue 26). */
  pending: (): PanelContent => ({ form: 'pending', key: 'pending' }),
  search: (query: string): PanelContent => ({
    form: 'search',
    key: `search-${query}`,
    props: { query },
  }),
  customer: (customer: CustomerKey): PanelContent => ({
    form: 'customer',
    key: fresh('customer'),
    props: { customer },
  }),
  timeShift: (initial: TimeShiftFormInitial, shift?: TimeShift): PanelContent => ({
    form: 'time-shift',
    key: fresh('shift'),
    props: { initial, shift },
  }),
};

export const PANEL_TITLES: Record<PanelContent['form'], string> = {
  'time-shift': 'シフト',
  'block-time': 'ブロック時間',
  reservation: '予約',
  'reservation-detail': '予約の詳細',
  pending: '要対応',
  search: '予約の検索',
  customer: 'お客様カルテ',
};
