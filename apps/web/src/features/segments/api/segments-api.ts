import {
  createdIdSchema,
  memberQueryCountSchema,
  memberQueryMembersSchema,
  memberQuerySchema,
  okResponseSchema,
  tagListSchema,
  type MemberQueryCondition,
  type MemberQueryInput,
} from '@tsunagu/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const base = '/api/journey/member_queries';

/** Every cache entry of this feature (features keep their own; ADR 0145). */
export const segmentKeys = {
  all: ['segments'] as const,
  list: () => [...segmentKeys.all, 'list'] as const,
  detail: (id: number) => [...segmentKeys.all, 'detail', id] as const,
  members: (id: number) => [...segmentKeys.all, 'members', id] as const,
  count: (condition: MemberQueryCondition) => [...segmentKeys.all, 'count', condition] as const,
  tags: () => [...segmentKeys.all, 'tags'] as const,
};

export const useSegmentList = () =>
  useQuery({
    queryKey: segmentKeys.list(),
    queryFn: () => apiRequest(base, { schema: z.array(memberQuerySchema) }),
  });

export const useSegment = (id: number | null) =>
  useQuery({
    queryKey: segmentKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`${base}/${id}`, { schema: memberQuerySchema }),
    enabled: id !== null,
  });

/** The first page of the friends a saved segment finds (JRN-24). */
export const useSegmentMembers = (id: number | null) =>
  useQuery({
    queryKey: segmentKeys.members(id ?? 0),
    queryFn: () => apiRequest(`${base}/${id}/members`, { schema: memberQueryMembersSchema }),
    enabled: id !== null,
  });

/** How many friends the condition being edited finds; null while it is not a whole condition. */
export const useConditionCount = (condition: MemberQueryCondition | null) =>
  useQuery({
    queryKey: segmentKeys.count(condition ?? { match: 'all', conditions: [] }),
    queryFn: () =>
      apiRequest(`${base}/count`, {
        method: 'POST',
        body: condition,
        schema: memberQueryCountSchema,
      }),
    enabled: condition !== null,
    placeholderData: keepPreviousData,
  });

/** The account's tags, for the tag conditions' choices. */
export const useTagChoices = () =>
  useQuery({
    queryKey: segmentKeys.tags(),
    queryFn: () => apiRequest('/api/line/tags', { schema: tagListSchema }),
  });

function useSegmentWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}

export const useCreateSegment = () =>
  useSegmentWrite((input: MemberQueryInput) =>
    apiRequest(base, { method: 'POST', body: input, schema: createdIdSchema }),
  );

export const useUpdateSegment = () =>
  useSegmentWrite(({ id, input }: { id: number; input: MemberQueryInput }) =>
    apiRequest(`${base}/${id}`, { method: 'PUT', body: input, schema: memberQuerySchema }),
  );

export const useDeleteSegment = () =>
  useSegmentWrite((id: number) =>
    apiRequest(`${base}/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );
