import { homeSummarySchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The top page's figures (issue 28): one call, refreshed each minute while the page is open. */
export const useHomeSummary = () =>
  useQuery({
    queryKey: ['home'] as const,
    queryFn: () => apiRequest('/api/home', { schema: homeSummarySchema }),
    refetchInterval: 60_000,
  });
