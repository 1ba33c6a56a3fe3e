import { roleListSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { roleKeys } from './query-keys';

export function getRoles() {
  return apiRequest('/api/operator_roles', { schema: roleListSchema });
}

export function useRoles() {
  return useQuery({ queryKey: roleKeys.list(), queryFn: getRoles });
}
