import {
  createdIdSchema,
  okResponseSchema,
  tagListSchema,
  tagSchema,
  type TagInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Every cache entry of this feature; the friends list keeps its own (features stay apart). */
export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
  detail: (id: number) => [...tagKeys.all, 'detail', id] as const,
};

export function useTagList() {
  return useQuery({
    queryKey: tagKeys.list(),
    queryFn: () => apiRequest('/api/line/tags', { schema: tagListSchema }),
  });
}

export function useTag(id: number | null) {
  return useQuery({
    queryKey: tagKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`/api/line/tags/${id}`, { schema: tagSchema }),
    enabled: id !== null,
  });
}

/** A write, then everything this feature shows is read again (counts and orders move). */
function useTagWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export const useCreateTag = () =>
  useTagWrite((input: TagInput) =>
    apiRequest('/api/line/tags', { method: 'POST', body: input, schema: createdIdSchema }),
  );

export const useUpdateTag = () =>
  useTagWrite(({ id, input }: { id: number; input: TagInput }) =>
    apiRequest(`/api/line/tags/${id}`, { method: 'PUT', body: input, schema: tagSchema }),
  );

export const useDeleteTag = () =>
  useTagWrite((id: number) =>
    apiRequest(`/api/line/tags/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

export const useCreateGroup = () =>
  useTagWrite((name: string) =>
    apiRequest('/api/line/tag_groups', {
      method: 'POST',
      body: { name },
      schema: createdIdSchema,
    }),
  );

export const useRenameGroup = () =>
  useTagWrite(({ id, name }: { id: number; name: string }) =>
    apiRequest(`/api/line/tag_groups/${id}`, {
      method: 'PUT',
      body: { name },
      schema: okResponseSchema,
    }),
  );

export const useDeleteGroup = () =>
  useTagWrite((id: number) =>
    apiRequest(`/api/line/tag_groups/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );
