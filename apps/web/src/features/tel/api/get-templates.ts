import { telTemplateListSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { telKeys } from './query-keys';

/** TEL-64 */
export function getTelTemplates() {
  return apiRequest('/api/tel/template/list', { schema: telTemplateListSchema });
}

export function useTelTemplates() {
  return useQuery({ queryKey: telKeys.templates(), queryFn: getTelTemplates });
}
