/**
 * Seats left as a friend reads them (decision 0316): 満席 at none, 残りわずか when at most
 * three and at most a fifth of the slot is left, otherwise the count.
 */
export type SeatsState = { left: number; label: string; tone: 'full' | 'few' | 'open' };

export function seatsState(booked: number, capacity: number): SeatsState {
  const left = Math.max(0, capacity - booked);
  if (left === 0) return { left, label: '満席', tone: 'full' };
  if (left <= Math.min(3, Math.ceil(capacity / 5)))
    return { left, label: `残りわずか（あと${left}席）`, tone: 'few' };
  return { left, label: `残り${left}席`, tone: 'open' };
}
