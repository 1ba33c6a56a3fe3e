import { createdIdSchema, type SurveyResponseInput } from '@tsunagu/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function createSurveyResponse(input: SurveyResponseInput) {
  return apiRequest('/api/surveys/responses', {
    method: 'POST',
    body: input,
    schema: createdIdSchema,
  });
}

// Nothing on screen lists survey answers, so there is no query to invalidate.
export function useCreateSurveyResponse() {
  return useMutation({ mutationFn: createSurveyResponse });
}
