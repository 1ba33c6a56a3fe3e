import {
  staffLineLinkSchema,
  staffNotifySettingsSchema,
  type StaffNotifySettingsInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const KEY = ['staff_notifications', 'settings'] as const;

export function useStaffNotifySettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: () =>
      apiRequest('/api/staff_notifications/settings', { schema: staffNotifySettingsSchema }),
  });
}

export function useSaveStaffNotifySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffNotifySettingsInput) =>
      apiRequest('/api/staff_notifications/settings', {
        method: 'PUT',
        body,
        schema: staffNotifySettingsSchema,
      }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}

export function useIssueLineLink() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/staff_notifications/line_link', {
        method: 'POST',
        schema: staffLineLinkSchema,
      }),
  });
}

export function useUnlinkLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/staff_notifications/line_link', {
        method: 'DELETE',
        schema: staffNotifySettingsSchema,
      }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}

/** Reads the settings again (after the operator sent their code on LINE). */
export function useRefreshStaffNotifySettings() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}
