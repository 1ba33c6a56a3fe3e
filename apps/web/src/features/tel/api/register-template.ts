import { createdIdSchema, type TelTemplateInput } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

/** TEL-68 */
export function registerTelTemplate(input: TelTemplateInput) {
  return apiRequest('/api/tel/template/register', {
    method: 'POST',
    body: input,
    schema: createdIdSchema,
  });
}

export function useRegisterTelTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerTelTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telKeys.templates() }),
  });
}
