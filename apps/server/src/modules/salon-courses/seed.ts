import { salonCourses } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

export const DEMO_COURSES = [
  { name: 'カット', durationMinutes: 60, price: 4_950, color: '#4299e1' },
  { name: 'カット＋カラー', durationMinutes: 120, price: 11_000, color: '#ed8936' },
  { name: 'パーマ', durationMinutes: 120, price: 9_900, color: '#9f7aea' },
  { name: 'ヘッドスパ', durationMinutes: 45, price: 4_400, color: '#38b2ac' },
  { name: 'トリートメント', durationMinutes: 30, price: 3_300, color: '#48bb78' },
  { name: '縮毛矯正', durationMinutes: 150, price: 16_500, color: '#f56565' },
] as const;

export interface DemoCourse {
  id: number;
  name: string;
  durationMinutes: number;
}

/** Writes the demo courses in their order; answers them with their ids. */
export async function seedDemoCourses(tx: Executor, salonId: number): Promise<DemoCourse[]> {
  const rows = await tx
    .insert(salonCourses)
    .values(DEMO_COURSES.map((course, index) => ({ salonId, ...course, order: index + 1 })))
    .returning({ id: salonCourses.id });
  return DEMO_COURSES.map((course, index) => ({
    id: rows[index]?.id ?? 0,
    name: course.name,
    durationMinutes: course.durationMinutes,
  }));
}
