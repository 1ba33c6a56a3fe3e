import { staffBellReadSchema, staffBellSchema } from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const STAFF_BELL_KEY = ['staff_notifications'] as const;

/** The signed-in operator's console notices and unread count (issue 26). */
export function useStaffBell() {
  return useQuery({
    queryKey: STAFF_BELL_KEY,
    queryFn: () =>
      apiRequest('/api/staff_notifications', {
        schema: staffBellSchema,
        onUnauthenticated: 'report',
      }),
    retry: false,
    // The stream tells of new ones at once; this catches what a dropped stream missed.
    refetchInterval: 120_000,
  });
}

/** Marks the given notices read (none given: all of them). */
export function useMarkStaffNoticesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) =>
      apiRequest('/api/staff_notifications/read', {
        method: 'POST',
        body: ids ? { ids } : {},
        schema: staffBellReadSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_BELL_KEY }),
  });
}
