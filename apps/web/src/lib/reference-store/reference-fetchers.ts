import {
  commonVarsSchema,
  courseSchema,
  formsSchema,
  resourceSchema,
  salonStatusListSchema,
  varChoiceSchema,
  variaSchema,
} from '@tsunagu/contracts';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { takePreloaded } from '@/lib/page-preload';
import type { ReferenceFetchers } from './reference-kinds';

/** The calls behind each kind (REF-02..06, 08, 09, 11). */
export const referenceFetchers: ReferenceFetchers = {
  resources: (salonId) =>
    apiRequest(`/api/salon/resources?salon_id=${salonId}`, { schema: z.array(resourceSchema) }),
  courses: (salonId) =>
    apiRequest(`/api/salon/courses?salon_id=${salonId}`, { schema: z.array(courseSchema) }),
  statuses: () => apiRequest('/api/salon/statuses', { schema: salonStatusListSchema }),
  choices: (varId) => apiRequest(`/api/var/choice/${varId}`, { schema: z.array(varChoiceSchema) }),
  // REF-08: the page's preloaded copy when it is still there (taken once), else the call.
  varia: async () =>
    takePreloaded('varia', variaSchema) ??
    apiRequest('/api/v_resource/varia', { schema: variaSchema }),
  commonVars: () => apiRequest('/api/v_resource/common_vars', { schema: commonVarsSchema }),
  forms: () => apiRequest('/api/v_resource/form', { schema: formsSchema }),
};
