import { okResponseSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

export function deleteTelTemplate(id: number) {
  return apiRequest(`/api/tel/template/${id}`, { method: 'DELETE', schema: okResponseSchema });
}

export function useDeleteTelTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTelTemplate,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: telKeys.template(id) });
      return queryClient.invalidateQueries({ queryKey: telKeys.templates() });
    },
  });
}
