import {
  courseSchema,
  createdSchema,
  statusTrueSchema,
  type CourseInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { salonPath } from '../../api/salon-path';
import { reloadReference } from '@/lib/reference-store';
import { catalogKeys } from '../section/catalog-keys';

/** RSV-17: every course of the salon, in its order. */
export function useCourses(salonId: number) {
  return useQuery({
    queryKey: catalogKeys.courses(salonId),
    queryFn: () =>
      apiRequest(salonPath(salonId, '/courses/all'), { schema: z.array(courseSchema) }),
  });
}

/** After any course write: this list and the timeline's reference data read it again. */
export function useCoursesChanged(salonId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: catalogKeys.courses(salonId) });
    void queryClient.invalidateQueries({ queryKey: catalogKeys.unlinks(salonId) });
    reloadReference(queryClient, 'courses', salonId);
  };
}

/** RSV-18 (new) or RSV-19 (edit). */
export function useSaveCourse(salonId: number) {
  const changed = useCoursesChanged(salonId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CourseInput }) =>
      id === null
        ? apiRequest(salonPath(salonId, '/courses'), {
            method: 'POST',
            body: input,
            schema: createdSchema,
          })
        : apiRequest(salonPath(salonId, `/courses/${id}`), { method: 'PUT', body: input }),
    onSuccess: changed,
  });
}

/** RSV-21: the course's reservations stay, without a course. */
export function useDeleteCourse(salonId: number) {
  const changed = useCoursesChanged(salonId);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(salonPath(salonId, `/courses/${id}`), {
        method: 'DELETE',
        schema: statusTrueSchema,
      }),
    onSettled: changed,
  });
}
