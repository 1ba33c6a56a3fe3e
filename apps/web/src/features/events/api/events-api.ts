import {
  eventCreatedSchema,
  eventListSchema,
  eventReservationListSchema,
  eventReservationResultSchema,
  eventSchema,
  eventSlotCopyResultSchema,
  eventSlotListSchema,
  eventSlotSchema,
  okResponseSchema,
  type EventInput,
  type EventReservationState,
  type EventSlotInput,
  type EventState,
  type VarValue,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The console's event calls (decision 0310); every write reloads the event screens. */
export const eventKeys = {
  all: ['events'] as const,
  list: () => [...eventKeys.all, 'list'] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
  slots: (id: number) => [...eventKeys.all, 'slots', id] as const,
  reservations: (id: number) => [...eventKeys.all, 'reservations', id] as const,
};

export const useEvents = () =>
  useQuery({
    queryKey: eventKeys.list(),
    queryFn: () => apiRequest('/api/events', { schema: eventListSchema }),
  });

export const useEvent = (id: number | null) =>
  useQuery({
    queryKey: eventKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`/api/events/${id}`, { schema: eventSchema }),
    enabled: id !== null,
  });

export const useEventSlots = (id: number | null) =>
  useQuery({
    queryKey: eventKeys.slots(id ?? 0),
    queryFn: () => apiRequest(`/api/events/${id}/slots`, { schema: eventSlotListSchema }),
    enabled: id !== null,
  });

export const useEventReservations = (id: number) =>
  useQuery({
    queryKey: eventKeys.reservations(id),
    queryFn: () =>
      apiRequest(`/api/events/${id}/reservations`, { schema: eventReservationListSchema }),
  });

/**
 * A write that refreshes every event query. By default the caller's onSuccess runs once the
 * refresh has landed (a page navigated to shows the new state); `refreshInBackground` runs it as
 * soon as the server has answered, for forms that clear themselves on success: otherwise the new
 * row appears first and the form is cleared a moment later, under the user's next keystrokes.
 */
function useEventWrite<Input, Output>(
  write: (input: Input) => Promise<Output>,
  { refreshInBackground = false } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      const refresh = client.invalidateQueries({ queryKey: eventKeys.all });
      return refreshInBackground ? undefined : refresh;
    },
  });
}

export const useCreateEvent = () =>
  useEventWrite((input: EventInput) =>
    apiRequest('/api/events', { method: 'POST', body: input, schema: eventCreatedSchema }),
  );

export const useUpdateEvent = () =>
  useEventWrite(({ id, input }: { id: number; input: EventInput }) =>
    apiRequest(`/api/events/${id}`, { method: 'PUT', body: input, schema: eventSchema }),
  );

export const useSetEventState = () =>
  useEventWrite(({ id, state }: { id: number; state: EventState }) =>
    apiRequest(`/api/events/${id}/state`, { method: 'POST', body: { state }, schema: eventSchema }),
  );

export const useCopyEvent = () =>
  useEventWrite((id: number) =>
    apiRequest(`/api/events/${id}/copy`, { method: 'POST', schema: eventCreatedSchema }),
  );

export const useDeleteEvent = () =>
  useEventWrite((id: number) =>
    apiRequest(`/api/events/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

type SlotWrite = { eventId: number; slotId: number | null; input: EventSlotInput };
export const useSaveSlot = () =>
  useEventWrite(
    ({ eventId, slotId, input }: SlotWrite) =>
      apiRequest(`/api/events/${eventId}/slots${slotId === null ? '' : `/${slotId}`}`, {
        method: slotId === null ? 'POST' : 'PUT',
        body: input,
        schema: eventSlotSchema,
      }),
    { refreshInBackground: true },
  );

export const useDeleteSlot = () =>
  useEventWrite(({ eventId, slotId }: { eventId: number; slotId: number }) =>
    apiRequest(`/api/events/${eventId}/slots/${slotId}`, {
      method: 'DELETE',
      schema: okResponseSchema,
    }),
  );

type SlotCopy = { eventId: number; slotId: number; dates: string[] };
export const useCopySlot = () =>
  useEventWrite(({ eventId, slotId, dates }: SlotCopy) =>
    apiRequest(`/api/events/${eventId}/slots/${slotId}/copy`, {
      method: 'POST',
      body: { dates },
      schema: eventSlotCopyResultSchema,
    }),
  );

type ManualAdd = {
  eventId: number;
  slot_id: number;
  friend_id: number;
  answers: Record<string, VarValue>;
};
export const useAddReservation = () =>
  useEventWrite(({ eventId, ...body }: ManualAdd) =>
    apiRequest(`/api/events/${eventId}/reservations`, {
      method: 'POST',
      body,
      schema: eventReservationResultSchema,
    }),
  );

type StateWrite = { eventId: number; id: number; state: EventReservationState };
export const useSetReservationState = () =>
  useEventWrite(({ eventId, id, state }: StateWrite) =>
    apiRequest(`/api/events/${eventId}/reservations/${id}`, {
      method: 'PATCH',
      body: { state },
      schema: eventReservationResultSchema,
    }),
  );

export const useCheckin = () =>
  useEventWrite(({ eventId, code }: { eventId: number; code: string }) =>
    apiRequest(`/api/events/${eventId}/checkin`, {
      method: 'POST',
      body: { code },
      schema: eventReservationResultSchema,
    }),
  );
