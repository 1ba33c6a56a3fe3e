// The salon settings screens (issue 12): their own entry, so the settings chunk — with Japan's
// holiday data behind the opening calendar — never loads with the timeline.
export {
  SalonBookingSettingsPage,
  SalonCoursesPage,
  SalonGooglePage,
  SalonMatrixPage,
  SalonOnlineSettingsPage,
  SalonOpeningPage,
  SalonSettingsHomePage,
  SalonResourcesPage,
  SalonSwitchesPage,
  SalonUrlsPage,
} from './pages/settings-pages';
export { SettingsFrame, type SettingsPageProps } from './components/settings-frame';
export { SETTINGS_SECTIONS, settingsLink, type SettingsSectionKey } from './sections';
