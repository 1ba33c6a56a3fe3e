import { pagePaths, type PageName } from '@/config/paths';

export type SettingsSectionKey =
  | 'switches'
  | 'booking'
  | 'opening'
  | 'online'
  | 'courses'
  | 'resources'
  | 'matrix'
  | 'urls'
  | 'google';

export type SettingsSection = {
  key: SettingsSectionKey;
  /** The route (config/paths.ts, app/route-table.ts) whose page edits the section. */
  route: PageName;
  path: string;
  label: string;
  description: string;
};

/**
 * The salon settings, one page each under /line/reserve/salon/settings (issue 12), in the order
 * the navigation lists them. Every section's page sits in the same frame
 * (components/settings-frame.tsx).
 */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    key: 'switches',
    route: 'SalonSettingsSwitches',
    path: pagePaths.SalonSettingsSwitches,
    label: '基本設定',
    description: 'オンライン予約の受付、シフト連携、予約通知のオン・オフ',
  },
  {
    key: 'booking',
    route: 'SalonSettingsBooking',
    path: pagePaths.SalonSettingsBooking,
    label: '予約受付・キャンセル',
    description: '予約枠の間隔、受付期間と締切、即時確定かリクエストか、キャンセル期限',
  },
  {
    key: 'opening',
    route: 'SalonSettingsOpening',
    path: pagePaths.SalonSettingsOpening,
    label: '営業時間',
    description: '曜日ごとの営業時間と、日付ごとの休業日・特別営業（祝日を表示）',
  },
  {
    key: 'online',
    route: 'SalonSettingsOnline',
    path: pagePaths.SalonSettingsOnline,
    label: 'オンライン予約ページ',
    description: '予約ページの公開と案内、店舗情報、お客様への質問、予約後のアクション',
  },
  // The catalogue sections (features/salon/settings/{courses,resources,matrix,urls}, 0110–0114).
  {
    key: 'courses',
    route: 'SalonSettingsCourses',
    path: pagePaths.SalonSettingsCourses,
    label: 'コース設定',
    description: 'メニュー（コース）の登録と並び順',
  },
  {
    key: 'resources',
    route: 'SalonSettingsResources',
    path: pagePaths.SalonSettingsResources,
    label: 'リソース設定',
    description: 'スタッフや部屋などのリソースの登録と並び順',
  },
  {
    key: 'matrix',
    route: 'SalonSettingsMatrix',
    path: pagePaths.SalonSettingsMatrix,
    label: '対応コース設定',
    description: 'どのスタッフ・設備がどのコースを担当できるか',
  },
  {
    key: 'urls',
    route: 'SalonSettingsUrls',
    path: pagePaths.SalonSettingsUrls,
    label: '予約URL',
    description: '計測用パラメーター付きの予約URLとQRコード',
  },
  // features/salon/settings/google (decision 0135).
  {
    key: 'google',
    route: 'SalonSettingsGoogle',
    path: pagePaths.SalonSettingsGoogle,
    label: 'Googleカレンダー連携',
    description: 'Googleカレンダーからスタッフのシフトを取り込み、予約用のカレンダーを連携',
  },
];

export function sectionByKey(key: SettingsSectionKey): SettingsSection {
  const found = SETTINGS_SECTIONS.find((section) => section.key === key);
  if (!found) throw new Error(`unknown settings section ${key}`);
  return found;
}

/** A settings link that keeps the chosen salon. */
export function settingsLink(path: string, salon: number | null): string {
  return salon ? `${path}?salon=${salon}` : path;
}
