import { telTemplateSchema, type TelTemplateInput } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

export function updateTelTemplate({ id, input }: { id: number; input: TelTemplateInput }) {
  return apiRequest(`/api/tel/template/${id}`, {
    method: 'PUT',
    body: input,
    schema: telTemplateSchema,
  });
}

export function useUpdateTelTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTelTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(telKeys.template(template.id), template);
      return queryClient.invalidateQueries({ queryKey: telKeys.templates() });
    },
  });
}
