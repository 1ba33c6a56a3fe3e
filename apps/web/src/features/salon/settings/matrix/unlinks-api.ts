import { unlinksSchema, type UnlinksInput } from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { salonPath } from '../../api/salon-path';
import { catalogKeys } from '../section/catalog-keys';

/** RSV-37: for each resource, the courses it cannot do. */
export function useUnlinks(salonId: number) {
  return useQuery({
    queryKey: catalogKeys.unlinks(salonId),
    queryFn: () =>
      apiRequest(salonPath(salonId, '/resource_course_unlinks'), { schema: unlinksSchema }),
  });
}

const savedSchema = z.object({ status: z.literal(true), data: unlinksSchema.shape.data });

/** RSV-38: the whole matrix in one PUT; the answer is the stored matrix. */
export function useSaveUnlinks(salonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UnlinksInput) =>
      apiRequest(salonPath(salonId, '/resource_course_unlinks'), {
        method: 'PUT',
        body: input,
        schema: savedSchema,
      }),
    onSuccess: (answer) =>
      queryClient.setQueryData(catalogKeys.unlinks(salonId), { data: answer.data }),
  });
}

/** A matrix cell, "resourceId:courseId", for comparing and sending the matrix. */
export const cellKey = (resourceId: number, courseId: number) => `${resourceId}:${courseId}`;

/** The unlinked cells, sorted, so an unchanged matrix compares equal (REF-17). */
export function unlinkedCells(data: UnlinksInput['data']): string[] {
  return data
    .flatMap((row) => row.course_ids.map((courseId) => cellKey(row.salon_resource_id, courseId)))
    .sort();
}

/** The matrix to send: every listed resource, with the courses it cannot do. */
export function unlinksInput(
  resourceIds: readonly number[],
  cells: readonly string[],
): UnlinksInput {
  const set = new Set(cells);
  return {
    data: resourceIds.map((resourceId) => ({
      salon_resource_id: resourceId,
      course_ids: [...set]
        .filter((cell) => cell.startsWith(`${resourceId}:`))
        .map((cell) => Number(cell.split(':')[1])),
    })),
  };
}
