import { JOURNEY_TEXT, type JourneyTag } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import * as journeyTags from './journey-tag-repository.js';

async function guardTagName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isViolationOf(error, '23505', 'journey_tags_name_per_account'))
      throw fieldError('name', JOURNEY_TEXT.tagNameTaken);
    throw error;
  }
}

/** The journey tags of an account (JRN-20..23, JRN-28, decision 0169). */
export function createJourneyTagsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    list: (accountId: number): Promise<JourneyTag[]> => journeyTags.listTags(db, accountId),

    async create(accountId: number, name: string): Promise<JourneyTag> {
      const id = await guardTagName(() => journeyTags.insertTag(db, accountId, name));
      return (await journeyTags.listTags(db, accountId)).find((tag) => tag.id === id)!;
    },

    /** JRN-22; a tag of another account or deleted is a 404 (JRN-28). */
    async rename(accountId: number, id: number, name: string): Promise<JourneyTag> {
      const renamed = await guardTagName(() => journeyTags.renameTag(db, accountId, id, name));
      if (!renamed) throw new NotFoundError(JOURNEY_TEXT.tagNotFound);
      return (await journeyTags.listTags(db, accountId)).find((tag) => tag.id === id)!;
    },

    /** JRN-23: the marks it made go with it; steps naming it then do nothing. */
    async remove(accountId: number, id: number) {
      if (!(await journeyTags.deleteTag(db, accountId, id)))
        throw new NotFoundError(JOURNEY_TEXT.tagNotFound);
    },
  };
}

export type JourneyTagsService = ReturnType<typeof createJourneyTagsService>;
