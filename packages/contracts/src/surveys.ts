import { z } from 'zod';

/**
 * The main layout's survey controller (APP-09): operators can send a short satisfaction
 * score and comment about the console from any page. Stored per account and operator.
 */
export const SURVEY_COMMENT_MAX = 1000;

export const surveyResponseInputSchema = z.object({
  score: z.number().int().min(1).max(5),
  comment: z.string().trim().max(SURVEY_COMMENT_MAX).default(''),
  page_path: z.string().max(500),
});
export type SurveyResponseInput = z.input<typeof surveyResponseInputSchema>;

export const SURVEY_MESSAGES = {
  thanks: 'ご意見ありがとうございました',
  question: 'つなぐの使い心地はいかがですか？',
} as const;
