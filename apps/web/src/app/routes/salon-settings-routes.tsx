import { hasAllPermissions } from '@tsunagu/contracts';
import type { ComponentType } from 'react';
import {
  SalonBookingSettingsPage,
  SalonCoursesPage,
  SalonGooglePage,
  SalonMatrixPage,
  SalonOnlineSettingsPage,
  SalonOpeningPage,
  SalonResourcesPage,
  SalonSettingsHomePage,
  SalonSwitchesPage,
  SalonUrlsPage,
  type SettingsPageProps,
} from '@/features/salon/settings';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

// Issue 12: reading the settings needs a signed-in operator; every write needs reserve-write
// (the server refuses it too).
function useSettingsProps(title: string) {
  const canWrite = hasAllPermissions(useSignedInSession().permission_keys, ['reserve-write']);
  return { title, canWrite };
}

/** The route of a settings page: its title and the operator's right to write. */
function settingsRoute(Page: ComponentType<SettingsPageProps>) {
  function SettingsRoute({ title }: PageProps) {
    return <Page {...useSettingsProps(title)} />;
  }
  return SettingsRoute;
}

export const SalonSettingsRoute = settingsRoute(SalonSettingsHomePage);
export const SalonSettingsSwitchesRoute = settingsRoute(SalonSwitchesPage);
export const SalonSettingsBookingRoute = settingsRoute(SalonBookingSettingsPage);
export const SalonSettingsOpeningRoute = settingsRoute(SalonOpeningPage);
export const SalonSettingsOnlineRoute = settingsRoute(SalonOnlineSettingsPage);
export const SalonCoursesRoute = settingsRoute(SalonCoursesPage);
export const SalonResourcesRoute = settingsRoute(SalonResourcesPage);
export const SalonMatrixRoute = settingsRoute(SalonMatrixPage);
export const SalonUrlsRoute = settingsRoute(SalonUrlsPage);
export const SalonGoogleRoute = settingsRoute(SalonGooglePage);
