import type { z } from 'zod';
import type { surveyResponseInputSchema } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import type { AuthContext } from '../auth/index.js';
import { insertSurveyResponse } from './repository.js';

type SurveyResponse = z.output<typeof surveyResponseInputSchema>;

export function createSurveyService(deps: { db: Database }) {
  return {
    record(auth: AuthContext, input: SurveyResponse): Promise<number> {
      return insertSurveyResponse(deps.db, {
        accountId: auth.accountId,
        operatorId: auth.operatorId,
        score: input.score,
        comment: input.comment,
        pagePath: input.page_path,
      });
    },
  };
}
