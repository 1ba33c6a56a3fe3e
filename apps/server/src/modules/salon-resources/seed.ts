import { salonResources } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** The demo salon's staff (with their weekly days off, used by the shift seed) and rooms. */
export const DEMO_STAFF = [
  { name: '佐藤 美咲（店長）', color: '#e53e3e', nominationFee: 1100, daysOff: [0, 2] },
  { name: '田中 翔太', color: '#3182ce', nominationFee: 550, daysOff: [0, 3] },
  { name: '鈴木 彩', color: '#38a169', nominationFee: 550, daysOff: [1, 4] },
  { name: '高橋 蓮', color: '#d69e2e', nominationFee: 0, daysOff: [2, 5] },
] as const;
export const DEMO_ROOMS = [
  { name: '個室A', color: '#805ad5' },
  { name: 'ヘッドスパルーム', color: '#319795' },
] as const;

/** Writes the demo staff and rooms, in that order; answers their ids. */
export async function seedDemoResources(
  tx: Executor,
  salonId: number,
): Promise<{ staffIds: number[]; roomIds: number[] }> {
  const rows = await tx
    .insert(salonResources)
    .values([
      ...DEMO_STAFF.map((staff, index) => ({
        salonId,
        name: staff.name,
        kind: 'staff',
        color: staff.color,
        nominationFee: staff.nominationFee,
        order: index + 1,
      })),
      ...DEMO_ROOMS.map((room, index) => ({
        salonId,
        name: room.name,
        kind: 'room',
        color: room.color,
        order: DEMO_STAFF.length + index + 1,
      })),
    ])
    .returning({ id: salonResources.id });
  return {
    staffIds: rows.slice(0, DEMO_STAFF.length).map((row) => row.id),
    roomIds: rows.slice(DEMO_STAFF.length).map((row) => row.id),
  };
}
