import { surveyResponses } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

export async function insertSurveyResponse(
  db: Executor,
  values: typeof surveyResponses.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(surveyResponses)
    .values(values)
    .returning({ id: surveyResponses.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
