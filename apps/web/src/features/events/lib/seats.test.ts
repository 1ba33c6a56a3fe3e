import { describe, expect, it } from 'vitest';
import { seatsState } from './seats';

describe('seats left on the friend’s event page', () => {
  it('says 満席 when nothing is left, 残りわずか when little is, else the count', () => {
    expect(seatsState(10, 10).label).toBe('満席');
    expect(seatsState(12, 10)).toMatchObject({ left: 0, tone: 'full' });
    expect(seatsState(8, 10).label).toBe('残りわずか（あと2席）');
    expect(seatsState(7, 10).label).toBe('残り3席');
    expect(seatsState(297, 300).tone).toBe('few');
    expect(seatsState(0, 1).tone).toBe('few');
  });
});
