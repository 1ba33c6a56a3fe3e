import {
  CATALOG_MESSAGES,
  SALON_COMMON_MESSAGES,
  resourceInputSchema,
  type Resource,
  type ResourceInput,
  type ResourceKind,
  type UnlinksInput,
  todayInTokyo,
} from '@tsunagu/contracts';
import { salonCourses, salonResources } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { idsOfSalon } from '../../db/rows.js';
import { reorderSalonRows } from '../../lib/salon-order.js';
import { fieldError, patchValue } from '../../lib/validate.js';
import * as repository from './repository.js';
import { resourceInUse, type ResourceRow, type ResourceValues } from './repository.js';

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

/** RSV-27: refused for the resource's reservations from today on; the route names the count. */
export class ResourceInUseError extends ConflictError {
  constructor(readonly futureReservations: number) {
    super(CATALOG_MESSAGES.resourceHasFutureReservations(futureReservations));
  }
}

/** Resources (staff and rooms) of a salon and which courses each cannot do (RSV-23..29, 37, 38). */
export function createResourceService(deps: { db: Database }) {
  const { db } = deps;

  async function get(salonId: number, id: number): Promise<Resource> {
    const row = await repository.findResource(db, salonId, id);
    if (!row) throw new NotFoundError(CATALOG_MESSAGES.resourceNotFound);
    return toResource(row);
  }

  async function update(salonId: number, id: number, values: Partial<ResourceValues>) {
    if (!(await repository.updateResource(db, salonId, id, values)))
      throw new NotFoundError(CATALOG_MESSAGES.resourceNotFound);
    return get(salonId, id);
  }

  return {
    get,

    async list(salonId: number): Promise<Resource[]> {
      return (await repository.listResources(db, salonId)).map(toResource);
    },

    create: (salonId: number, input: ResourceInput): Promise<number> =>
      repository.insertResource(db, salonId, resourceValues(input) as ResourceValues),

    update: (salonId: number, id: number, input: ResourceInput) =>
      update(salonId, id, resourceValues(input)),

    patch: (salonId: number, id: number, attr: string, body: { value?: unknown }) =>
      update(
        salonId,
        id,
        resourceValues(patchValue(resourceInputSchema.shape, attr as keyof ResourceInput, body)),
      ),

    /**
     * RSV-27/28: without `force`, a resource with reservations from today on (Tokyo) is kept
     * (409 with their count). Forced, those reservations stay but lose the resource: they
     * become unassigned and free its slots. Earlier reservations keep naming it: the row is
     * retired, not removed (decisions 0007, 0041).
     */
    async remove(salonId: number, id: number, force: boolean): Promise<number> {
      return db.transaction(async (tx) => {
        if (!(await repository.lockResource(tx, salonId, id)))
          throw new NotFoundError(CATALOG_MESSAGES.resourceNotFound);
        const today = todayInTokyo();
        const future = await repository.futureReservationIds(tx, salonId, id, today);
        if (future.length > 0 && !force) throw new ResourceInUseError(future.length);
        await repository.retireResource(tx, salonId, id, today);
        return future.length;
      });
    },

    order: (salonId: number, ids: number[]) =>
      reorderSalonRows(db, salonResources, salonId, ids, resourceInUse),

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
        const resources = new Set(await idsOfSalon(tx, salonResources, salonId, resourceInUse));
        const courses = new Set(await idsOfSalon(tx, salonCourses, salonId));
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

export type ResourceService = ReturnType<typeof createResourceService>;
