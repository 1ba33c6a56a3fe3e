import { CourseListPage, MatrixPage, ResourceListPage, SalonUrlListPage } from '@/features/salon';
import type { PageProps } from '../route-handle';
import { useCanWriteReservations } from './salon-routes';

// Issue 12: the salon settings' catalogue sections; every write needs reserve-write.

export function SalonCoursesRoute({ title }: PageProps) {
  return <CourseListPage title={title} canWrite={useCanWriteReservations()} />;
}

export function SalonResourcesRoute({ title }: PageProps) {
  return <ResourceListPage title={title} canWrite={useCanWriteReservations()} />;
}

export function SalonMatrixRoute({ title }: PageProps) {
  return <MatrixPage title={title} canWrite={useCanWriteReservations()} />;
}

export function SalonUrlsRoute({ title }: PageProps) {
  return <SalonUrlListPage title={title} canWrite={useCanWriteReservations()} />;
}
