import { SettingsFrame, type SettingsPageProps } from '../components/settings-frame';
import { BookingPageBody } from './booking-page-body';
import { OnlineSection } from './online-section';
import { OpeningSection } from './opening-section';
import { SettingsHome } from './settings-home';
import { SwitchesSection } from './switches-section';

/** /line/reserve/salon/settings */
export function SalonSettingsHomePage(props: SettingsPageProps) {
  return <SettingsFrame {...props}>{() => <SettingsHome isBuilt={props.isBuilt} />}</SettingsFrame>;
}

export function SalonSwitchesPage(props: SettingsPageProps) {
  return (
    <SettingsFrame {...props} section="switches">
      {(salonId) => <SwitchesSection salonId={salonId} canWrite={props.canWrite} />}
    </SettingsFrame>
  );
}

export function SalonBookingSettingsPage(props: SettingsPageProps) {
  return (
    <SettingsFrame {...props} section="booking">
      {(salonId) => <BookingPageBody salonId={salonId} canWrite={props.canWrite} />}
    </SettingsFrame>
  );
}

export function SalonOpeningPage(props: SettingsPageProps) {
  return (
    <SettingsFrame {...props} section="opening">
      {(salonId) => <OpeningSection salonId={salonId} canWrite={props.canWrite} />}
    </SettingsFrame>
  );
}

export function SalonOnlineSettingsPage(props: SettingsPageProps) {
  return (
    <SettingsFrame {...props} section="online">
      {(salonId) => <OnlineSection salonId={salonId} canWrite={props.canWrite} />}
    </SettingsFrame>
  );
}
