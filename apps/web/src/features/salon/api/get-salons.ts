import { salonListSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';

export function getSalons() {
  return apiRequest('/api/salons', { schema: salonListSchema });
}

export function useSalons() {
  return useQuery({ queryKey: salonKeys.salons(), queryFn: getSalons, staleTime: 5 * 60_000 });
}
