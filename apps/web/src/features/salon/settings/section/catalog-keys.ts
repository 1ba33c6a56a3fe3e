import { salonKeys } from '../../api/query-keys';

/** Cache entries of the settings' catalogue sections, under the salon's own key. */
export const catalogKeys = {
  courses: (salonId: number) => [...salonKeys.salon(salonId), 'settings', 'courses'] as const,
  resources: (salonId: number) => [...salonKeys.salon(salonId), 'settings', 'resources'] as const,
  unlinks: (salonId: number) => [...salonKeys.salon(salonId), 'settings', 'unlinks'] as const,
  urls: (salonId: number) => [...salonKeys.salon(salonId), 'settings', 'urls'] as const,
  google: (salonId: number) => [...salonKeys.salon(salonId), 'settings', 'google'] as const,
};
