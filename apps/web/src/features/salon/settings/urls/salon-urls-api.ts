import {
  createdSchema,
  salonUrlSchema,
  statusTrueSchema,
  type SalonUrlInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { salonPath } from '../../api/salon-path';
import { catalogKeys } from '../section/catalog-keys';

/** RSV-78: the salon's booking URLs with tracking parameters, each with its full URL. */
export function useSalonUrls(salonId: number) {
  return useQuery({
    queryKey: catalogKeys.urls(salonId),
    queryFn: () =>
      apiRequest(salonPath(salonId, '/salon_urls'), { schema: z.array(salonUrlSchema) }),
  });
}

/** RSV-79 */
export function useCreateSalonUrl(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SalonUrlInput) =>
      apiRequest(salonPath(salonId, '/salon_urls'), {
        method: 'POST',
        body: input,
        schema: createdSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.urls(salonId) }),
  });
}

/** RSV-80 */
export function useDeleteSalonUrl(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(salonPath(salonId, `/salon_urls/${id}`), {
        method: 'DELETE',
        schema: statusTrueSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.urls(salonId) }),
  });
}
