import {
  okResponseSchema,
  openApiEventSchema,
  openApiKeyCreatedSchema,
  openApiKeySchema,
  triggerActionSchema,
  triggerSchema,
  type TriggerActionInput,
  type TriggerInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const triggerKeys = {
  all: ['open_api'] as const,
  triggers: () => [...triggerKeys.all, 'triggers'] as const,
  keys: () => [...triggerKeys.all, 'keys'] as const,
  events: () => [...triggerKeys.all, 'events'] as const,
};

const base = '/api/open_api';

/** TRG-03. */
export const useTriggers = () =>
  useQuery({
    queryKey: triggerKeys.triggers(),
    queryFn: () => apiRequest(`${base}/triggers`, { schema: z.array(triggerSchema) }),
  });

/** The account's API keys (the owner's only: others never ask). */
export const useApiKeys = (enabled: boolean) =>
  useQuery({
    queryKey: triggerKeys.keys(),
    queryFn: () => apiRequest(`${base}/keys`, { schema: z.array(openApiKeySchema) }),
    enabled,
  });

/** TRG-11: the newest events received, as the call log. */
export const useEvents = () =>
  useQuery({
    queryKey: triggerKeys.events(),
    queryFn: () => apiRequest(`${base}/events`, { schema: z.array(openApiEventSchema) }),
  });

/** A write, then the triggers (or keys) again. */
function useWrite<Input, Output>(
  write: (input: Input) => Promise<Output>,
  key: readonly unknown[] = triggerKeys.triggers(),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** TRG-04 / TRG-05. */
export const useSaveTrigger = () =>
  useWrite(({ id, input }: { id: number | null; input: TriggerInput }) =>
    apiRequest(id === null ? `${base}/triggers` : `${base}/triggers/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body: input,
      schema: triggerSchema,
    }),
  );

export const useDeleteTrigger = () =>
  useWrite((id: number) =>
    apiRequest(`${base}/triggers/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

/** TRG-06 / TRG-07. */
export const useSaveAction = () =>
  useWrite(
    ({
      triggerId,
      id,
      input,
    }: {
      triggerId: number;
      id: number | null;
      input: TriggerActionInput;
    }) =>
      apiRequest(
        id === null
          ? `${base}/triggers/${triggerId}/trigger_actions`
          : `${base}/triggers/${triggerId}/trigger_actions/${id}`,
        { method: id === null ? 'POST' : 'PUT', body: input, schema: triggerActionSchema },
      ),
  );

/**
 * TRG-08 / TRG-09: switches an action; the list takes the `is_active` the server answers, so
 * the switch shows the state that holds.
 */
export function useSetActionState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ triggerId, id, active }: { triggerId: number; id: number; active: boolean }) =>
      apiRequest(`${base}/triggers/${triggerId}/trigger_actions/${id}/state`, {
        method: 'PATCH',
        body: { state: active ? 'active' : 'inactive' },
        schema: triggerActionSchema,
      }),
    onSuccess: (action) =>
      queryClient.setQueryData(
        triggerKeys.triggers(),
        (triggers: z.infer<typeof triggerSchema>[] = []) =>
          triggers.map((trigger) =>
            trigger.id !== action.trigger_id
              ? trigger
              : {
                  ...trigger,
                  open_api_trigger_actions: trigger.open_api_trigger_actions.map((item) =>
                    item.id === action.id ? action : item,
                  ),
                },
          ),
      ),
  });
}

/** TRG-10. */
export const useDeleteAction = () =>
  useWrite(({ triggerId, id }: { triggerId: number; id: number }) =>
    apiRequest(`${base}/triggers/${triggerId}/trigger_actions/${id}`, {
      method: 'DELETE',
      schema: okResponseSchema,
    }),
  );

export const useCreateApiKey = () =>
  useWrite(
    (name: string) =>
      apiRequest(`${base}/keys`, {
        method: 'POST',
        body: { name },
        schema: openApiKeyCreatedSchema,
      }),
    triggerKeys.keys(),
  );

export const useRevokeApiKey = () =>
  useWrite(
    (id: number) =>
      apiRequest(`${base}/keys/${id}`, { method: 'DELETE', schema: openApiKeySchema }),
    triggerKeys.keys(),
  );
