import { blockTimeSchema, createdSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { salonKeys } from './query-keys';
import { salonPath } from './salon-path';

export type BlockTimePayload = {
  id?: number;
  date: string;
  from: string;
  to: string;
  salon_resource_id: number;
  is_confirmed: boolean;
  description: string;
};

const updatedSchema = z.object({ status: z.literal(true), block_time: blockTimeSchema });

/** RSV-75 (POST) and RSV-76 (PUT /block_times/{id}). */
export async function saveBlockTime(salonId: number, { id, ...body }: BlockTimePayload) {
  if (id) {
    await apiRequest(salonPath(salonId, `/block_times/${id}`), {
      method: 'PUT',
      body,
      schema: updatedSchema,
    });
    return id;
  }
  const created = await apiRequest(salonPath(salonId, '/block_times'), {
    method: 'POST',
    body,
    schema: createdSchema,
  });
  return created.id;
}

export function useSaveBlockTime(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: BlockTimePayload) => saveBlockTime(salonId, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salonKeys.blockTimes(salonId) }),
  });
}
