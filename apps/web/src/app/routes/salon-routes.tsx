import { hasAllPermissions } from '@tsunagu/contracts';
import { SalonConsolePage } from '@/features/salon';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

// Reading needs only a signed-in operator; every write control needs reserve-write (issue 11).
export function useCanWriteReservations(): boolean {
  return hasAllPermissions(useSignedInSession().permission_keys, ['reserve-write']);
}

export function SalonHomeRoute({ title }: PageProps) {
  return <SalonConsolePage title={title} view="timeline" canWrite={useCanWriteReservations()} />;
}

export function SalonTimelineRoute({ title }: PageProps) {
  return <SalonConsolePage title={title} view="timeline" canWrite={useCanWriteReservations()} />;
}

export function SalonShiftDayRoute({ title }: PageProps) {
  return <SalonConsolePage title={title} view="shift-day" canWrite={useCanWriteReservations()} />;
}

export function SalonShiftWeekRoute({ title }: PageProps) {
  return <SalonConsolePage title={title} view="shift-week" canWrite={useCanWriteReservations()} />;
}
