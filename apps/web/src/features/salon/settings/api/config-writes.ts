import {
  configWriteResponseSchema,
  openingWriteResponseSchema,
  type BookingConfig,
  type CancelConfig,
  type OpeningConfigInput,
  type SalonConfigSwitch,
} from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from '../../api/query-keys';
import { salonPath } from '../../api/salon-path';

/** RSV-12: sets one switch to `value`; the answer is the whole config as the server now has it. */
export async function patchSwitch(salonId: number, attr: SalonConfigSwitch, value: boolean) {
  const result = await apiRequest(salonPath(salonId, `/configs?attr=${attr}`), {
    method: 'PATCH',
    body: { value },
    schema: configWriteResponseSchema,
  });
  return result.config;
}

export function usePatchSwitch(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attr, value }: { attr: SalonConfigSwitch; value: boolean }) =>
      patchSwitch(salonId, attr, value),
    // The timeline reads push_notification from the same entry (RT-12).
    onSuccess: (config) => queryClient.setQueryData(salonKeys.config(salonId), config),
  });
}

type TypedConfig =
  { type: 'booking'; value: BookingConfig } | { type: 'cancel'; value: CancelConfig };

/** RSV-11: PUT /configs/{type}, only that part of the config changes. */
export function useSaveConfigType(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, value }: TypedConfig) =>
      (
        await apiRequest(salonPath(salonId, `/configs/${type}`), {
          method: 'PUT',
          body: value,
          schema: configWriteResponseSchema,
        })
      ).config,
    onSuccess: (config) => queryClient.setQueryData(salonKeys.config(salonId), config),
  });
}

/** RSV-11/14: the opening hours of one year, as one PUT /configs/opening. */
export function useSaveOpening(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OpeningConfigInput) =>
      (
        await apiRequest(salonPath(salonId, '/configs/opening'), {
          method: 'PUT',
          body: input,
          schema: openingWriteResponseSchema,
        })
      ).opening,
    onSuccess: (opening) =>
      queryClient.setQueryData(salonKeys.opening(salonId, opening.year), opening),
  });
}
