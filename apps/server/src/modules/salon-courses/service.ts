import {
  CATALOG_MESSAGES,
  courseInputSchema,
  type Course,
  type CourseInput,
} from '@tsunagu/contracts';
import { salonCourses } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { reorderSalonRows } from '../../lib/salon-order.js';
import { patchValue } from '../../lib/validate.js';
import * as repository from './repository.js';
import type { CourseRow, CourseValues } from './repository.js';

export function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    duration: row.durationMinutes,
    price: row.price,
    color: row.color,
    is_public: row.isPublic,
    order: row.order,
  };
}

function courseValues(input: Partial<CourseInput>): Partial<CourseValues> {
  const values: Partial<CourseValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  if (input.duration !== undefined) values.durationMinutes = input.duration;
  if (input.price !== undefined) values.price = input.price;
  if (input.color !== undefined) values.color = input.color;
  if (input.is_public !== undefined) values.isPublic = input.is_public;
  return values;
}

/** Courses of a salon (RSV-17..22). */
export function createCourseService(deps: { db: Database }) {
  const { db } = deps;

  async function get(salonId: number, id: number): Promise<Course> {
    const row = await repository.findCourse(db, salonId, id);
    if (!row) throw new NotFoundError(CATALOG_MESSAGES.courseNotFound);
    return toCourse(row);
  }

  async function update(salonId: number, id: number, values: Partial<CourseValues>) {
    if (!(await repository.updateCourse(db, salonId, id, values)))
      throw new NotFoundError(CATALOG_MESSAGES.courseNotFound);
    return get(salonId, id);
  }

  return {
    get,

    async list(salonId: number): Promise<Course[]> {
      return (await repository.listCourses(db, salonId)).map(toCourse);
    },

    create: (salonId: number, input: CourseInput): Promise<number> =>
      repository.insertCourse(db, salonId, courseValues(input) as CourseValues),

    update: (salonId: number, id: number, input: CourseInput) =>
      update(salonId, id, courseValues(input)),

    patch: (salonId: number, id: number, attr: string, body: { value?: unknown }) =>
      update(
        salonId,
        id,
        courseValues(patchValue(courseInputSchema.shape, attr as keyof CourseInput, body)),
      ),

    async remove(salonId: number, id: number): Promise<void> {
      if (!(await repository.deleteCourse(db, salonId, id)))
        throw new NotFoundError(CATALOG_MESSAGES.courseNotFound);
    },

    order: (salonId: number, ids: number[]) => reorderSalonRows(db, salonCourses, salonId, ids),
  };
}

export type CourseService = ReturnType<typeof createCourseService>;
