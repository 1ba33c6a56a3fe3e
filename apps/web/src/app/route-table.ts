import type { PermissionKey } from '@tsunagu/contracts';
// Relative, not '@/': e2e/built-screens.ts imports this table outside Vite's aliases.
import { pagePaths, redirectPaths, type PageName } from '../config/paths';
import type { AppRoute, PageRoute, QueryParam, RouteHandle } from './route-handle';

type Extra = Partial<Omit<RouteHandle, 'name' | 'title'>>;

function route(name: PageName, title: string, extra: Extra = {}): PageRoute {
  return {
    path: pagePaths[name],
    handle: { name, title, permissions: [], layout: 'main', ...extra },
  };
}

const needs = (...permissions: PermissionKey[]) => ({ permissions });
const numericId = { numericParams: ['id'] } as const;
const group: QueryParam = { name: 'group', optional: true };
const salonDate: QueryParam = { name: 'date', optional: true };
const salonQuery: QueryParam = { name: 'salon', optional: true };
/** A settings section: listed in the settings navigation, not the side menu (ADR 0106). */
const settingsSection = { query: [salonQuery], menuVia: 'SalonSettings' };
/** DEC-09: the tel forms that only write; the menu offers them to operators with tel-write. */
const telWriteScreen = { menuNeeds: ['tel-write'] as PermissionKey[] };

/**
 * The single route table (spec §2, RULES ROUTE-01..39, APP-08, DEC-07): meta only; each name's
 * path comes from config/paths.ts.
 * Which component renders each name lives in route-pages.ts; unlisted names are placeholders.
 */
export const routeTable: readonly AppRoute[] = [
  route('Login', 'ログインページ', { layout: 'simple', public: true }),
  route('Top', 'トップ'),
  route('StaffNotifySettings', '通知の設定'),

  route('Visual', 'ビジュアル', {
    layout: 'simple-main',
    surface: 'gray',
  }),
  route('TemplateNew', 'テンプレート作成', {
    ...needs('template-write'),
    query: [group],
  }),
  route('TemplateEdit', 'テンプレート編集', {
    ...needs('template-write'),
    ...numericId,
  }),
  route('Follow', '友だち追加時設定', {
    query: [{ name: 'tab', optional: true, default: 'basic' }],
  }),
  // Issue 29: reads for every operator; the server asks template-write of writes (decision 0331).
  route('TrackerList', '流入経路', { query: [group] }),
  route('TrackerNew', 'トラッカー作成', { query: [group] }),
  route('TrackerEdit', 'トラッカー編集', { query: [group] }),
  route('Friends', 'LINE友だち'),
  // Issue 13: segments; reading is for every operator, writes need tag-write (ADR 0145).
  route('SegmentList', 'セグメント'),
  route('SegmentSetting', 'セグメント設定'),
  route('FriendDetail', 'LINE友だち詳細', numericId),
  route('UserVarList', '友だち情報欄'),
  route('TagList', 'タグ管理', needs('tag-write')),
  route('TagSetting', 'タグ設定', {
    ...needs('tag-write'),
    query: [group],
  }),
  route('PureEdit', 'サイト編集', needs('site-write')),
  route('NotificationNew', 'お知らせ作成', needs('notification-write')),
  route('NotificationEdit', 'お知らせ編集', { ...needs('notification-write'), ...numericId }),
  // Issue 24 (decision 0223): every operator reads the list; composing needs notification-write.
  route('NotificationList', 'お知らせ'),

  // Issue 14: every operator reads the templates; writes need template-write (ADR 0163).
  route('TemplateList', 'テンプレート'),
  route('TemplateEditV3New', 'フレックスメッセージ作成', {
    ...needs('flex-message'),
    layout: 'simple-main',
  }),
  route('TemplateEditV3', 'フレックスメッセージ編集', {
    ...needs('flex-message'),
    layout: 'simple-main',
    query: [{ name: 'redirectTo', optional: true }],
  }),
  route('FunnelList', 'ファネル一覧', needs('funnel-write')),
  route('EpisodeList', 'エピソード一覧'),
  route('SiteList', 'サイト一覧', needs('site-write')),
  route('BoardList', 'ボード一覧', needs('board-write')),
  // Issue 24: every operator reads the chat; who may send is the server's answer (decision 0244).
  route('Chat', 'チャット', { query: [{ name: 'friend', optional: true }] }),
  route('LandingList', 'ランディングページ一覧'),
  route('LandingEdit', 'ランディングページ編集', needs('landing-write')),
  route('JourneyTagList', 'ジャーニータグ一覧'),
  // Issue 28: the menu and the top page offer the create form only to those who can save it.
  route('JourneyTagNew', 'ジャーニータグ作成', {
    query: [group],
    menuNeeds: ['funnel-write'] as PermissionKey[],
  }),
  route('JourneyTagEdit', 'ジャーニータグ編集', numericId),
  // Decision 0170: every operator reads; writes need funnel-write, API keys are the owner's.
  route('TriggerList', 'トリガー・API連携'),
  route('AdConnectList', '広告連携一覧'),
  route('FormList', '回答フォーム'),
  route('FormNew', '回答フォーム作成', needs('tag-write')),
  route('FormEdit', '回答フォーム編集', { ...needs('tag-write'), ...numericId }),
  route('CommonVarList', '共通情報一覧', needs('common-var-write')),
  route('CommonVarEdit', '共通情報編集', needs('common-var-write')),
  route('CommonVarNew', '共通情報作成', {
    ...needs('common-var-write'),
    query: [{ name: 'copy', optional: true }],
  }),
  { path: redirectPaths.RichMenu, redirectTo: pagePaths.RichMenuModeSelect },
  route('RichMenuModeSelect', 'リッチメニュー モード選択'),
  // Issue 25 (decision 0265): the editor; reading a saved menu is for every operator.
  route('RichMenuNew', 'リッチメニュー作成', {
    ...needs('template-write'),
    menuVia: 'RichMenuModeSelect',
  }),
  route('RichMenuEdit', 'リッチメニュー編集', numericId),
  route('ContentGroupNew', 'コンテンツグループ作成'),
  route('ReserveSalon', 'サロン予約'),
  // Issue 11: the salon console's screens; `date` (and the filters) live in the query.
  route('SalonTimeline', '予約タイムライン', {
    query: [salonDate],
  }),
  route('SalonShiftDay', 'シフト（日）', { query: [salonDate] }),
  route('SalonShiftWeek', 'シフト（週）', {
    query: [salonDate],
  }),
  // Issue 12: the salon settings; reading needs a signed-in operator, every write reserve-write
  // (the pages show a read-only note without it). `salon` picks the salon, as on the timeline.
  route('SalonSettings', '予約設定', { query: [salonQuery] }),
  route('SalonSettingsSwitches', '基本設定', settingsSection),
  route('SalonSettingsBooking', '予約受付・キャンセル', settingsSection),
  route('SalonSettingsOpening', '営業時間', settingsSection),
  route('SalonSettingsOnline', 'オンライン予約ページ', settingsSection),
  route('SalonSettingsCourses', 'コース設定', settingsSection),
  route('SalonSettingsResources', 'リソース設定', settingsSection),
  route('SalonSettingsMatrix', '対応コース設定', settingsSection),
  route('SalonSettingsUrls', '予約URL', settingsSection),
  route('SalonSettingsGoogle', 'Googleカレンダー連携', {
    ...settingsSection,
    // The OAuth callback comes back with ?google=connected|failed (decision 0135).
    query: [salonQuery, { name: 'google', optional: true }],
  }),
  route('EventList', 'イベント予約一覧'),
  route('EventNew', 'イベント予約作成', needs('reserve-write')),
  // ROUTE-35: under /line/reserve/event/ anything unlisted, a bad id included, goes to EventList.
  route('EventEdit', 'イベント予約編集', {
    ...needs('reserve-write'),
    ...numericId,
    invalidParamRedirect: pagePaths.EventList,
  }),
  route('EventReservationList', 'イベント予約者一覧', {
    ...numericId,
    invalidParamRedirect: pagePaths.EventList,
  }),
  { path: redirectPaths.EventUnlisted, redirectTo: pagePaths.EventList },
  // Issue 28 (decision 0288): every operator reads the list; the owner role manages it.
  route('OperatorList', 'オペレーター'),
  route('OperatorRoleList', 'オペレーター権限'),
  route('OperatorRoleNew', 'オペレーター権限作成', { ownerOnly: true }),
  route('OperatorRoleEdit', 'オペレーター権限編集', numericId),
  // Issue 17: the account's LINE official account; every call behind it is the owner's.
  route('LineChannel', 'LINE連携', { ownerScreen: true }),
  route('AIServiceAccountIndex', '生成AI設定'),

  route('TelListPage', '通知メッセージ'),
  route('TelDetailListPage', '詳細・発注'),
  route('TelRegisterPage', '通知メッセージ個別登録', telWriteScreen),
  route('TelBulkUploadPage', '通知メッセージファイルアップロード', telWriteScreen),
  route('TelTemplateListPage', '通知メッセージテンプレート'),
  route('TelTemplateRegisterPage', '通知メッセージテンプレート登録', telWriteScreen),
  // Issue 10 (decision 0085): a template's detail and edit; unguarded like every tel screen
  // (DEC-09), the write controls need tel-write.
  route('TelTemplateDetailPage', '通知メッセージテンプレート詳細', numericId),
  route('TelTemplateEditPage', '通知メッセージテンプレート編集', numericId),

  // The shared UI kit in all its states (ADR 0030); elsewhere it looks like any unknown path.
  route('UiCatalogue', 'UIカタログ', { ownerOrDev: true }),

  route('NotFound', 'ページが見つかりません'),
];

/** Finds a page route by its name; the side menu and tests link by name, not by path. */
export function pageRouteByName(name: string): PageRoute | undefined {
  return routeTable.find(
    (entry): entry is PageRoute => 'handle' in entry && entry.handle.name === name,
  );
}
