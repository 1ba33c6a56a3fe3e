import { telTemplateSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

/** One template with its body and the unsent messages using it (decision 0085). */
export function getTelTemplate(id: number) {
  return apiRequest(`/api/tel/template/${id}`, { schema: telTemplateSchema });
}

export function useTelTemplate(id: number) {
  return useQuery({ queryKey: telKeys.template(id), queryFn: () => getTelTemplate(id) });
}
