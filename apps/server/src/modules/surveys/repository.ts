import { surveyResponses } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Executor } from '../../db/types.js';

export async function insertSurveyResponse(
  db: Executor,
  values: typeof surveyResponses.$inferInsert,
): Promise<number> {
  return insertReturningId(db, surveyResponses, values);
}
