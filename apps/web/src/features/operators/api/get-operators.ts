import { operatorListSchema, roleListSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { operatorKeys } from './query-keys';

export function useOperators() {
  return useQuery({
    queryKey: operatorKeys.list(),
    queryFn: () => apiRequest('/api/operators', { schema: operatorListSchema }),
  });
}

export function useRoleOptions() {
  return useQuery({
    queryKey: operatorKeys.roles(),
    queryFn: () => apiRequest('/api/operator_roles', { schema: roleListSchema }),
  });
}
