import { hasAllPermissions } from '@tsunagu/contracts';
import {
  SalonBookingSettingsPage,
  SalonOnlineSettingsPage,
  SalonOpeningPage,
  SalonSettingsHomePage,
  SalonSwitchesPage,
} from '@/features/salon/settings';
import { hasScreen } from '../layouts/use-operator-menu';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

// Issue 12: reading the settings needs a signed-in operator; every write needs reserve-write
// (the server refuses it too). Which sections have a page comes from route-pages.ts (ADR 0061).
function useSettingsProps(title: string) {
  const canWrite = hasAllPermissions(useSignedInSession().permission_keys, ['reserve-write']);
  return { title, canWrite, isBuilt: hasScreen };
}

export function SalonSettingsRoute({ title }: PageProps) {
  return <SalonSettingsHomePage {...useSettingsProps(title)} />;
}

export function SalonSettingsSwitchesRoute({ title }: PageProps) {
  return <SalonSwitchesPage {...useSettingsProps(title)} />;
}

export function SalonSettingsBookingRoute({ title }: PageProps) {
  return <SalonBookingSettingsPage {...useSettingsProps(title)} />;
}

export function SalonSettingsOpeningRoute({ title }: PageProps) {
  return <SalonOpeningPage {...useSettingsProps(title)} />;
}

export function SalonSettingsOnlineRoute({ title }: PageProps) {
  return <SalonOnlineSettingsPage {...useSettingsProps(title)} />;
}
