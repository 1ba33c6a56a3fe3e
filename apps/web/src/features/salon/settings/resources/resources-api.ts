import {
  createdSchema,
  resourceDeleteResponseSchema,
  resourceInUseBodySchema,
  resourceSchema,
  type ResourceInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { salonPath } from '../../api/salon-path';
import { reloadReference } from '@/lib/reference-store';
import { catalogKeys } from '../section/catalog-keys';

/** RSV-23: every resource (staff, rooms, equipment) of the salon, in its order. */
export function useResources(salonId: number) {
  return useQuery({
    queryKey: catalogKeys.resources(salonId),
    queryFn: () =>
      apiRequest(salonPath(salonId, '/resources/all'), { schema: z.array(resourceSchema) }),
  });
}

/** After any resource write: this list, the matrix and the timeline's reference data. */
export function useResourcesChanged(salonId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: catalogKeys.resources(salonId) });
    void queryClient.invalidateQueries({ queryKey: catalogKeys.unlinks(salonId) });
    reloadReference(queryClient, 'resources', salonId);
  };
}

/** RSV-24 (new) or RSV-25 (edit). */
export function useSaveResource(salonId: number) {
  const changed = useResourcesChanged(salonId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ResourceInput }) =>
      id === null
        ? apiRequest(salonPath(salonId, '/resources'), {
            method: 'POST',
            body: input,
            schema: createdSchema,
          })
        : apiRequest(salonPath(salonId, `/resources/${id}`), { method: 'PUT', body: input }),
    onSuccess: changed,
  });
}

/** RSV-27 (no `force` query) or RSV-28 (`?force=1`). */
export function useDeleteResource(salonId: number) {
  const changed = useResourcesChanged(salonId);
  return useMutation({
    mutationFn: ({ id, force }: { id: number; force: boolean }) =>
      apiRequest(salonPath(salonId, `/resources/${id}${force ? '?force=1' : ''}`), {
        method: 'DELETE',
        schema: resourceDeleteResponseSchema,
      }),
    onSettled: changed,
  });
}

/** The count of a deletion refused for reservations from today on, if that was the refusal. */
export function futureReservationsOf(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = resourceInUseBodySchema.safeParse(error.body);
  return parsed.success ? parsed.data.future_reservations : null;
}
