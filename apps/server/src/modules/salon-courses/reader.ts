import type { Executor } from '../../db/types.js';
import { findCourse } from './repository.js';

/**
 * What other salon modules may read about courses, inside their own transactions (a
 * reservation names a course of its salon).
 */
export const courseReader = {
  async exists(db: Executor, salonId: number, id: number): Promise<boolean> {
    return (await findCourse(db, salonId, id)) !== undefined;
  },
};
