/** Every cache entry of the salon screens, so writes update or refetch exactly what they change. */
export const salonKeys = {
  all: ['salon'] as const,
  salons: () => [...salonKeys.all, 'salons'] as const,
  salon: (salonId: number) => [...salonKeys.all, salonId] as const,
  config: (salonId: number) => [...salonKeys.salon(salonId), 'config'] as const,
  realtimeSettings: (salonId: number) => [...salonKeys.salon(salonId), 'realtime'] as const,
  opening: (salonId: number, year: number) =>
    [...salonKeys.salon(salonId), 'opening', year] as const,
  reservationDays: (salonId: number) => [...salonKeys.salon(salonId), 'reservations'] as const,
  reservationDay: (salonId: number, date: string) =>
    [...salonKeys.reservationDays(salonId), date] as const,
  reservation: (salonId: number, id: number) =>
    [...salonKeys.salon(salonId), 'reservation', id] as const,
  blockTimes: (salonId: number) => [...salonKeys.salon(salonId), 'block-times'] as const,
  blockTimesDay: (salonId: number, date: string) =>
    [...salonKeys.blockTimes(salonId), date] as const,
  shifts: (salonId: number) => [...salonKeys.salon(salonId), 'shifts'] as const,
  /** One entry per displayed month window (RSV-55: month ± 6 days). */
  shiftWindow: (salonId: number, start: string, end: string) =>
    [...salonKeys.shifts(salonId), start, end] as const,
  /** The front desk (issue 26): 要対応, search, customer cards; refetched after every write. */
  desk: (salonId: number) => [...salonKeys.salon(salonId), 'desk'] as const,
  pending: (salonId: number) => [...salonKeys.desk(salonId), 'pending'] as const,
  search: (salonId: number, q: string) => [...salonKeys.desk(salonId), 'search', q] as const,
  customer: (salonId: number, key: string) =>
    [...salonKeys.desk(salonId), 'customer', key] as const,
  members: (query: string, page: number) => [...salonKeys.all, 'members', query, page] as const,
};
