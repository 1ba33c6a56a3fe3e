import type { ZodType } from 'zod';
import {
  CATALOG_MESSAGES,
  SALON_COMMON_MESSAGES,
  courseInputSchema,
  resourceInputSchema,
  type Course,
  type CourseInput,
  type Resource,
  type ResourceInput,
  type ResourceKind,
  type UnlinksInput,
} from '@tsunagu/contracts';
import { salonCourses, salonResources } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { todayInTokyo } from '../../lib/business-time.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { fieldError, parseOr422 } from '../../lib/validate.js';
import * as repository from './repository.js';
import type { CourseRow, CourseValues, ResourceRow, ResourceValues } from './repository.js';

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

export function toResource(row: ResourceRow): Resource {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ResourceKind,
    description: row.description,
    nomination_fee: row.nominationFee,
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

function resourceValues(input: Partial<ResourceInput>): Partial<ResourceValues> {
  const values: Partial<ResourceValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.kind !== undefined) values.kind = input.kind;
  if (input.description !== undefined) values.description = input.description;
  if (input.nomination_fee !== undefined) values.nominationFee = input.nomination_fee;
  if (input.color !== undefined) values.color = input.color;
  if (input.is_public !== undefined) values.isPublic = input.is_public;
  return values;
}

/** The one new value of a PATCH ?attr= call, checked with that attribute's own schema. */
function patchValue<Shape extends Record<string, ZodType>>(
  shape: Shape,
  attr: keyof Shape & string,
  body: { value?: unknown },
) {
  if (body.value === undefined) throw fieldError('value', SALON_COMMON_MESSAGES.invalidAttrValue);
  const schema = shape[attr];
  if (!schema) throw fieldError('attr', SALON_COMMON_MESSAGES.invalidAttrValue);
  return { [attr]: parseOr422(schema, body.value, 'value') };
}

function sameSet(ids: number[], existing: number[]): boolean {
  if (ids.length !== existing.length || new Set(ids).size !== ids.length) return false;
  const set = new Set(existing);
  return ids.every((id) => set.has(id));
}

export function createCatalogService(deps: { db: Database }) {
  const { db } = deps;

  async function course(salonId: number, id: number): Promise<Course> {
    const row = await repository.findCourse(db, salonId, id);
    if (!row) throw new NotFoundError(CATALOG_MESSAGES.courseNotFound);
    return toCourse(row);
  }

  async function resource(salonId: number, id: number): Promise<Resource> {
    const row = await repository.findResource(db, salonId, id);
    if (!row) throw new NotFoundError(CATALOG_MESSAGES.resourceNotFound);
    return toResource(row);
  }

  async function reorder(
    table: typeof salonCourses | typeof salonResources,
    salonId: number,
    ids: number[],
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const existing = await repository.idsOf(tx, table, salonId);
      if (!sameSet(ids, existing)) throw fieldError('ids', SALON_COMMON_MESSAGES.orderMismatch);
      await repository.applyOrder(tx, table, salonId, ids);
    });
  }

  return {
    course,
    resource,

    async listCourses(salonId: number): Promise<Course[]> {
      return (await repository.listCourses(db, salonId)).map(toCourse);
    },

    async createCourse(salonId: number, input: CourseInput): Promise<number> {
      return repository.insertCourse(db, salonId, courseValues(input) as CourseValues);
    },

    async updateCourse(salonId: number, id: number, input: CourseInput): Promise<Course> {
      if (!(await repository.updateCourse(db, salonId, id, courseValues(input))))
        throw new NotFoundError(CATALOG_MESSAGES.courseNotFound);
      return course(salonId, id);
    },

    async patchCourse(salonId: number, id: number, attr: string, body: { value?: unknown }) {
      const value = patchValue(courseInputSchema.shape, attr as keyof CourseInput, body);
      if (!(await repository.updateCourse(db, salonId, id, courseValues(value))))
        throw new NotFoundError(CATALOG_MESSAGES.courseNotFound);
      return course(salonId, id);
    },

    async deleteCourse(salonId: number, id: number): Promise<void> {
      if (!(await repository.deleteCourse(db, salonId, id)))
        throw new NotFoundError(CATALOG_MESSAGES.courseNotFound);
    },

    orderCourses: (salonId: number, ids: number[]) => reorder(salonCourses, salonId, ids),

    async listResources(salonId: number): Promise<Resource[]> {
      return (await repository.listResources(db, salonId)).map(toResource);
    },

    async createResource(salonId: number, input: ResourceInput): Promise<number> {
      return repository.insertResource(db, salonId, resourceValues(input) as ResourceValues);
    },

    async updateResource(salonId: number, id: number, input: ResourceInput): Promise<Resource> {
      if (!(await repository.updateResource(db, salonId, id, resourceValues(input))))
        throw new NotFoundError(CATALOG_MESSAGES.resourceNotFound);
      return resource(salonId, id);
    },

    async patchResource(salonId: number, id: number, attr: string, body: { value?: unknown }) {
      const value = patchValue(resourceInputSchema.shape, attr as keyof ResourceInput, body);
      if (!(await repository.updateResource(db, salonId, id, resourceValues(value))))
        throw new NotFoundError(CATALOG_MESSAGES.resourceNotFound);
      return resource(salonId, id);
    },

    /**
     * RSV-27/28: without `force`, a resource with reservations from today on (Tokyo) is kept
     * (409 with their count). Forced, those reservations stay but lose the resource: they
     * become unassigned and free its slots. Earlier reservations keep naming it: the row is
     * retired, not removed (decisions 0007, 0041).
     */
    async deleteResource(salonId: number, id: number, force: boolean): Promise<number> {
      return db.transaction(async (tx) => {
        if (!(await repository.lockResource(tx, salonId, id)))
          throw new NotFoundError(CATALOG_MESSAGES.resourceNotFound);
        const today = todayInTokyo();
        const future = await repository.futureReservationIds(tx, salonId, id, today);
        if (future.length > 0 && !force)
          throw new ConflictError(CATALOG_MESSAGES.resourceHasFutureReservations(future.length));
        await repository.retireResource(tx, salonId, id, today);
        return future.length;
      });
    },

    orderResources: (salonId: number, ids: number[]) => reorder(salonResources, salonId, ids),

    async unlinks(salonId: number) {
      const pairs = await repository.listUnlinks(db, salonId);
      const rows = new Map<number, number[]>();
      for (const pair of pairs) {
        const list = rows.get(pair.resourceId) ?? [];
        list.push(pair.courseId);
        rows.set(pair.resourceId, list);
      }
      return {
        data: [...rows].map(([resourceId, courseIds]) => ({
          salon_resource_id: resourceId,
          course_ids: courseIds,
        })),
      };
    },

    /** RSV-38: replaces the whole matrix; every id must be of this salon (422 naming it). */
    async replaceUnlinks(salonId: number, input: UnlinksInput) {
      await db.transaction(async (tx) => {
        const resources = new Set(await repository.idsOf(tx, salonResources, salonId));
        const courses = new Set(await repository.idsOf(tx, salonCourses, salonId));
        const seen = new Set<number>();
        const pairs: { resourceId: number; courseId: number }[] = [];
        input.data.forEach((row, index) => {
          if (!resources.has(row.salon_resource_id))
            throw fieldError(`data.${index}.salon_resource_id`, SALON_COMMON_MESSAGES.notInSalon);
          if (seen.has(row.salon_resource_id))
            throw fieldError(
              `data.${index}.salon_resource_id`,
              CATALOG_MESSAGES.duplicateUnlinkRow,
            );
          seen.add(row.salon_resource_id);
          row.course_ids.forEach((courseId, courseIndex) => {
            if (!courses.has(courseId))
              throw fieldError(
                `data.${index}.course_ids.${courseIndex}`,
                SALON_COMMON_MESSAGES.notInSalon,
              );
          });
          for (const courseId of new Set(row.course_ids))
            pairs.push({ resourceId: row.salon_resource_id, courseId });
        });
        await repository.replaceUnlinks(tx, salonId, pairs);
      });
      return this.unlinks(salonId);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
