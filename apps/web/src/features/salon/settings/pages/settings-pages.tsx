import type { ComponentType } from 'react';
import { SettingsFrame, type SettingsPageProps } from '../components/settings-frame';
import { CourseList } from '../courses/course-list-page';
import { GoogleSection } from '../google/google-section';
import { MatrixLoader } from '../matrix/matrix-page';
import { ResourceList } from '../resources/resource-list-page';
import type { SettingsSectionKey } from '../sections';
import { SalonUrls } from '../urls/salon-url-list-page';
import { BookingPageBody } from './booking-page-body';
import { OnlineSection } from './online-section';
import { OpeningSection } from './opening-section';
import { SettingsHome } from './settings-home';
import { SwitchesSection } from './switches-section';

type SectionBody = ComponentType<{ salonId: number; canWrite: boolean }>;

/** A section's page: its body inside the one settings frame (decision 0106). */
function sectionPage(section: SettingsSectionKey, Body: SectionBody, lead?: string) {
  function SectionPage(props: SettingsPageProps) {
    return (
      <SettingsFrame {...props} section={section} lead={lead}>
        {(salonId) => <Body salonId={salonId} canWrite={props.canWrite} />}
      </SettingsFrame>
    );
  }
  return SectionPage;
}

/** /line/reserve/salon/settings */
export function SalonSettingsHomePage(props: SettingsPageProps) {
  return <SettingsFrame {...props}>{() => <SettingsHome />}</SettingsFrame>;
}

export const SalonSwitchesPage = sectionPage('switches', SwitchesSection);
export const SalonBookingSettingsPage = sectionPage('booking', BookingPageBody);
export const SalonOpeningPage = sectionPage('opening', OpeningSection);
export const SalonOnlineSettingsPage = sectionPage('online', OnlineSection);
export const SalonCoursesPage = sectionPage(
  'courses',
  CourseList,
  'お客様が予約するメニューです。上から順に予約ページと予約タイムラインに並びます。',
);
export const SalonResourcesPage = sectionPage(
  'resources',
  ResourceList,
  '予約を受けるスタッフ・部屋・設備です。上から順に予約タイムラインの行になります。',
);
export const SalonMatrixPage = sectionPage(
  'matrix',
  MatrixLoader,
  'チェックが入っている組み合わせだけ、お客様がオンラインで予約できます。',
);
export const SalonUrlsPage = sectionPage(
  'urls',
  SalonUrls,
  '予約ページのURLを、流入元ごとに計測用のパラメータを付けて作れます。QRコードはチラシや店頭に使えます。',
);
export const SalonGooglePage = sectionPage(
  'google',
  GoogleSection,
  'Googleカレンダーの予定をスタッフのシフトとして取り込めます。リソースごとに、シフト用と予約用のカレンダーを選びます。',
);
