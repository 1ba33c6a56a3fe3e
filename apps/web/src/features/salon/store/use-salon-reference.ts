import { useReference } from '@/lib/reference-store';

/** The salon's resources, courses and statuses from the console's reference store (REF-02..04). */
export function useSalonReference(salonId: number) {
  return {
    resources: useReference('resources', salonId),
    courses: useReference('courses', salonId),
    statuses: useReference('statuses'),
  };
}
