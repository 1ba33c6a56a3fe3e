import {
  googleCalendarsSchema,
  googleConnectResponseSchema,
  googleLinkResponseSchema,
  googleResyncResponseSchema,
  statusTrueSchema,
  type GoogleLinkInput,
  type GooglePurpose,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from '../../api/query-keys';
import { salonPath } from '../../api/salon-path';
import { catalogKeys } from '../section/catalog-keys';

/** RSV-42 / spec §9: how long the console waits for a link request (a shift link imports). */
export const GOOGLE_LINK_WAIT_MS = 30_000;

/** RSV-39/40: account, calendars, salon_resources, associations. */
export function useGoogleCalendars(salonId: number) {
  return useQuery({
    queryKey: catalogKeys.google(salonId),
    queryFn: () =>
      apiRequest(salonPath(salonId, '/googlecalendars'), { schema: googleCalendarsSchema }),
  });
}

/** The start of the OAuth flow: the consent page's URL (the fake provider: our own callback). */
export function useConnectGoogle(salonId: number) {
  return useMutation({
    mutationFn: () =>
      apiRequest(salonPath(salonId, '/googlecalendars/connect'), {
        method: 'POST',
        schema: googleConnectResponseSchema,
      }),
  });
}

export type LinkOutcome =
  | { waited: false; answer: z.infer<typeof googleLinkResponseSchema> }
  /** RSV-42: the request outlived the wait; the server may still be importing. */
  | { waited: true };

/**
 * RSV-41 POST; RSV-42 stops waiting after 30 s (the first shift import can be slow). Either way
 * the linked calendars are then reloaded (RSV-39), and the shifts, which a shift link imports.
 */
export function useLinkCalendar(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GoogleLinkInput): Promise<LinkOutcome> => {
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<LinkOutcome>((resolve) => {
        timer = setTimeout(() => {
          // Settle first: the aborted fetch's rejection must not win the race.
          resolve({ waited: true });
          controller.abort();
        }, GOOGLE_LINK_WAIT_MS);
      });
      const request = apiRequest(salonPath(salonId, '/googlecalendars'), {
        method: 'POST',
        body: input,
        schema: googleLinkResponseSchema,
        signal: controller.signal,
      }).then((answer): LinkOutcome => ({ waited: false, answer }));
      try {
        return await Promise.race([request, waited]);
      } finally {
        clearTimeout(timer);
      }
    },
    onSuccess: () => reloadAfterWrite(queryClient, salonId),
  });
}

export type UnlinkTarget = { primaryId: number; purpose: GooglePurpose; associationId: number };

/** RSV-44 DELETE /googlecalendars/{primaryId}/{purpose}/{associationId}. */
export function useUnlinkCalendar(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ primaryId, purpose, associationId }: UnlinkTarget) =>
      apiRequest(salonPath(salonId, `/googlecalendars/${primaryId}/${purpose}/${associationId}`), {
        method: 'DELETE',
        schema: statusTrueSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.google(salonId) }),
  });
}

/** RSV-46 POST /googlecalendars/{primaryId}/shift/{associationId}/resync. */
export function useResyncShifts(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ primaryId, associationId }: { primaryId: number; associationId: number }) =>
      apiRequest(
        salonPath(salonId, `/googlecalendars/${primaryId}/shift/${associationId}/resync`),
        {
          method: 'POST',
          schema: googleResyncResponseSchema,
        },
      ),
    onSuccess: () => reloadAfterWrite(queryClient, salonId),
  });
}

/** The links (last synced time) and the shift calendars the timeline shows. */
function reloadAfterWrite(queryClient: ReturnType<typeof useQueryClient>, salonId: number) {
  void queryClient.invalidateQueries({ queryKey: salonKeys.shifts(salonId) });
  return queryClient.invalidateQueries({ queryKey: catalogKeys.google(salonId) });
}
