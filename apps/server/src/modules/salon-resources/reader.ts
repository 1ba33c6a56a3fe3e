import type { Resource } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { findResource, listResources } from './repository.js';
import { toResource } from './service.js';

/**
 * What other salon modules may read about resources, inside their own transactions: shifts and
 * calendar links belong to a resource of the salon that is not retired.
 */
export const resourceReader = {
  async exists(db: Executor, salonId: number, id: number): Promise<boolean> {
    return (await findResource(db, salonId, id)) !== undefined;
  },
  async list(db: Executor, salonId: number): Promise<Resource[]> {
    return (await listResources(db, salonId)).map(toResource);
  },
};
