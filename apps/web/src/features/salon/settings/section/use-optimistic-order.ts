import { statusTrueSchema } from '@tsunagu/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { useToast } from '@/ui/toast';
import { firstFieldMessage, writeErrorText } from '../../utils/write-errors';

type Ordered = { id: number };

/** Why the order was not kept, in the operator's words, with the server's reason. */
export function orderFailedText(error: unknown): string {
  const reason =
    firstFieldMessage((error as { fieldErrors?: Record<string, string[]> })?.fieldErrors ?? {}) ??
    writeErrorText(error);
  return `並び順を保存できなかったため、元の並び順に戻しました。${reason}`;
}

/**
 * RSV-22/29 (spec §4): a new order shows at once, is sent as every id in order, and is put
 * back if the call fails — with a message that stays until the next order is kept. The list
 * is read again afterwards either way, so a row someone else added or deleted shows.
 */
export function useOptimisticOrder<T extends Ordered>(options: {
  queryKey: QueryKey;
  orderPath: string;
  onSettled?: () => void;
}) {
  const { queryKey, orderPath } = options;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (rows: T[]) =>
      apiRequest(orderPath, {
        method: 'POST',
        body: { ids: rows.map((row) => row.id) },
        schema: statusTrueSchema,
      }),
    onMutate: async (rows: T[]) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<T[]>(queryKey);
      queryClient.setQueryData<T[]>(queryKey, rows);
      setFailure(null);
      return { previous };
    },
    onError: (error, _rows, context) => {
      if (context?.previous) queryClient.setQueryData<T[]>(queryKey, context.previous);
      const text = orderFailedText(error);
      setFailure(text);
      toast.error(text);
    },
    onSuccess: () => toast.success('並び順を保存しました'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey });
      options.onSettled?.();
    },
  });

  return { reorder: (rows: T[]) => mutation.mutate(rows), failure, pending: mutation.isPending };
}
