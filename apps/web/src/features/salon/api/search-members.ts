import { memberPageSchema } from '@tsunagu/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';

/** GET /api/members?q=: display name or LINE user id, 20 a page. */
export function searchMembers(query: string, page = 1) {
  const params = new URLSearchParams({ q: query, page: String(page) });
  return apiRequest(`/api/members?${params.toString()}`, { schema: memberPageSchema });
}

export function useMemberSearch(query: string, page = 1) {
  return useQuery({
    queryKey: salonKeys.members(query, page),
    queryFn: () => searchMembers(query, page),
    placeholderData: keepPreviousData,
  });
}
