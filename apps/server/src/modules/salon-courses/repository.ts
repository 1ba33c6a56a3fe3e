import { and, asc, eq } from 'drizzle-orm';
import { salonCourses } from '../../db/schema/index.js';
import { insertReturningId, nextOrderOfSalon } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

export type CourseRow = typeof salonCourses.$inferSelect;
export type CourseValues = Omit<typeof salonCourses.$inferInsert, 'id' | 'salonId' | 'order'>;

export async function listCourses(db: Executor, salonId: number): Promise<CourseRow[]> {
  return db
    .select()
    .from(salonCourses)
    .where(eq(salonCourses.salonId, salonId))
    .orderBy(asc(salonCourses.order), asc(salonCourses.id));
}

export async function findCourse(db: Executor, salonId: number, id: number) {
  const [row] = await db
    .select()
    .from(salonCourses)
    .where(and(eq(salonCourses.salonId, salonId), eq(salonCourses.id, id)));
  return row;
}

export async function insertCourse(db: Executor, salonId: number, values: CourseValues) {
  const order = await nextOrderOfSalon(db, salonCourses, salonId);
  return insertReturningId(db, salonCourses, { ...values, salonId, order });
}

export async function updateCourse(
  db: Executor,
  salonId: number,
  id: number,
  values: Partial<CourseValues>,
): Promise<boolean> {
  const rows = await db
    .update(salonCourses)
    .set(values)
    .where(and(eq(salonCourses.salonId, salonId), eq(salonCourses.id, id)))
    .returning({ id: salonCourses.id });
  return rows.length > 0;
}

export async function deleteCourse(db: Executor, salonId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(salonCourses)
    .where(and(eq(salonCourses.salonId, salonId), eq(salonCourses.id, id)))
    .returning({ id: salonCourses.id });
  return rows.length > 0;
}
