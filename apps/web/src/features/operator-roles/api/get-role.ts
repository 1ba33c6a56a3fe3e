import { roleSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { roleKeys } from './query-keys';

export function getRole(id: number) {
  return apiRequest(`/api/operator_roles/${id}`, { schema: roleSchema });
}

export function useRole(id: number) {
  return useQuery({ queryKey: roleKeys.detail(id), queryFn: () => getRole(id) });
}
