import {
  boardAssigneeListSchema,
  boardCardSchema,
  boardSchema,
  createdIdSchema,
  okResponseSchema,
  type Board,
  type BoardCard,
  type BoardCardUpdate,
  type BoardColumnInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const boardKeys = {
  all: ['board'] as const,
  board: () => [...boardKeys.all, 'board'] as const,
  assignees: () => [...boardKeys.all, 'assignees'] as const,
};

export function useBoard() {
  return useQuery({
    queryKey: boardKeys.board(),
    queryFn: () => apiRequest('/api/line/board', { schema: boardSchema }),
  });
}

export function useAssignees() {
  return useQuery({
    queryKey: boardKeys.assignees(),
    queryFn: () => apiRequest('/api/line/board/assignees', { schema: boardAssigneeListSchema }),
    staleTime: 60_000,
  });
}

/** The board with one card changed (and the column counts kept true). */
export function withCard(board: Board, card: BoardCard): Board {
  const before = board.cards.find((c) => c.friend_id === card.friend_id);
  const cards = [card, ...board.cards.filter((c) => c.friend_id !== card.friend_id)];
  const columns = board.columns.map((column) => {
    let count = column.card_count;
    if (before?.column_id === column.id) count -= 1;
    if (card.column_id === column.id) count += 1;
    return { ...column, card_count: count };
  });
  return { columns, cards };
}

/**
 * A move or edit of a card, shown at once (optimistic) and undone when the server refuses it
 * (stale version, full column): the board is then read again and the caller shows the reason.
 */
export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ friendId, input }: { friendId: number; input: BoardCardUpdate }) =>
      apiRequest(`/api/line/board/cards/${friendId}`, {
        method: 'PUT',
        body: input,
        schema: boardCardSchema,
      }),
    onMutate: async ({ friendId, input }) => {
      await queryClient.cancelQueries({ queryKey: boardKeys.board() });
      const before = queryClient.getQueryData<Board>(boardKeys.board());
      const card = before?.cards.find((c) => c.friend_id === friendId);
      if (before && card) {
        const moved = input.column_id !== undefined && input.column_id !== card.column_id;
        queryClient.setQueryData(
          boardKeys.board(),
          withCard(before, {
            ...card,
            ...(input.column_id !== undefined ? { column_id: input.column_id } : {}),
            ...(input.due_date !== undefined ? { due_date: input.due_date } : {}),
            moved_at: moved ? new Date().toISOString() : card.moved_at,
          }),
        );
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(boardKeys.board(), context.before);
      void queryClient.invalidateQueries({ queryKey: boardKeys.board() });
    },
    onSuccess: (card) => {
      const current = queryClient.getQueryData<Board>(boardKeys.board());
      if (current) queryClient.setQueryData(boardKeys.board(), withCard(current, card));
    },
  });
}

function useBoardWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKeys.board() }),
  });
}

export const useCreateColumn = () =>
  useBoardWrite((input: BoardColumnInput) =>
    apiRequest('/api/line/board/columns', { method: 'POST', body: input, schema: createdIdSchema }),
  );

export const useUpdateColumn = () =>
  useBoardWrite(({ id, input }: { id: number; input: BoardColumnInput }) =>
    apiRequest(`/api/line/board/columns/${id}`, {
      method: 'PUT',
      body: input,
      schema: okResponseSchema,
    }),
  );

export const useDeleteColumn = () =>
  useBoardWrite((id: number) =>
    apiRequest(`/api/line/board/columns/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

export const useReorderColumns = () =>
  useBoardWrite((ids: number[]) =>
    apiRequest('/api/line/board/columns/order', {
      method: 'PUT',
      body: { ids },
      schema: okResponseSchema,
    }),
  );

export const useAddCard = () =>
  useBoardWrite((input: { friend_id: number; column_id: number }) =>
    apiRequest('/api/line/board/cards', { method: 'POST', body: input, schema: boardCardSchema }),
  );

export const useRemoveCard = () =>
  useBoardWrite((friendId: number) =>
    apiRequest(`/api/line/board/cards/${friendId}`, {
      method: 'DELETE',
      schema: okResponseSchema,
    }),
  );
