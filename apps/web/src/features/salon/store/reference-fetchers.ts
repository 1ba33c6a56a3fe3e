import { courseSchema, resourceSchema, salonStatusListSchema } from '@tsunagu/contracts';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { ReferenceStoreOptions } from './reference-store';

/** REF-02..04: the account-level reference calls, for this salon (`?salon_id=`). */
export function referenceFetchers(salonId: number): ReferenceStoreOptions['fetchers'] {
  return {
    resources: () =>
      apiRequest(`/api/salon/resources?salon_id=${salonId}`, { schema: z.array(resourceSchema) }),
    courses: () =>
      apiRequest(`/api/salon/courses?salon_id=${salonId}`, { schema: z.array(courseSchema) }),
    statuses: () => apiRequest('/api/salon/statuses', { schema: salonStatusListSchema }),
  };
}
