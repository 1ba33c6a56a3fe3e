import type { Course, Resource } from '@tsunagu/contracts';
import type { SalonStatus } from '@/lib/reference-store';

/** What every salon view gets from the console around it. */
export type ConsoleProps = {
  salonId: number;
  canWrite: boolean;
  date: string;
  resources: readonly Resource[];
  courses: readonly Course[];
  statuses: readonly SalonStatus[];
};
