import type { PermissionKey } from '@tsunagu/contracts';
import type { AppRoute, PageRoute, QueryParam, RouteHandle } from './route-handle';

type Extra = Partial<Omit<RouteHandle, 'name' | 'title'>>;

function route(path: string, name: string, title: string, extra: Extra = {}): PageRoute {
  return { path, handle: { name, title, permissions: [], layout: 'main', ...extra } };
}

const needs = (...permissions: PermissionKey[]) => ({ permissions });
const numericId = { numericParams: ['id'] } as const;
const group: QueryParam = { name: 'group', optional: true };
const salonDate: QueryParam = { name: 'date', optional: true };

/**
 * The single route table (spec §2, RULES ROUTE-01..39, APP-08, DEC-07): paths and meta only.
 * Which component renders each name lives in route-pages.ts; unlisted names are placeholders.
 */
export const routeTable: readonly AppRoute[] = [
  route('/account/login', 'Login', 'ログインページ', { layout: 'simple', public: true }),
  route('/', 'Top', 'トップ'),

  route('/vue3-dev/line/visual', 'Visual', 'ビジュアル', {
    layout: 'simple-main',
    surface: 'gray',
  }),
  route('/vue3-dev/line/template/new', 'TemplateNew', 'テンプレート作成', {
    ...needs('template-write'),
    query: [group],
  }),
  route('/vue3-dev/line/template/edit/:id', 'TemplateEdit', 'テンプレート編集', {
    ...needs('template-write'),
    ...numericId,
  }),
  route('/vue3-dev/line/setting/follow', 'Follow', '友だち追加時設定', {
    query: [{ name: 'tab', optional: true, default: 'basic' }],
  }),
  route('/vue3-dev/line/tracker/edit/new', 'TrackerNew', 'トラッカー作成', { query: [group] }),
  route('/vue3-dev/line/tracker/edit/:id', 'TrackerEdit', 'トラッカー編集', { query: [group] }),
  route('/vue3-dev/line/var', 'UserVarList', '友だち情報欄'),
  route('/vue3-dev/line/tag', 'TagList', 'タグ管理', needs('tag-write')),
  route('/vue3-dev/line/tag/setting/:id', 'TagSetting', 'タグ設定', {
    ...needs('tag-write'),
    query: [group],
  }),
  route('/vue3-dev/line/site/pure/edit/:id', 'PureEdit', 'サイト編集', needs('site-write')),
  route(
    '/vue3-dev/line/notifications/new',
    'NotificationNew',
    'お知らせ作成',
    needs('notification-write'),
  ),
  route(
    '/vue3-dev/line/notifications/:id',
    'NotificationEdit',
    'お知らせ編集',
    needs('notification-write'),
  ),

  route('/line/template/edit_v3/new', 'TemplateEditV3New', 'フレックスメッセージ作成', {
    ...needs('flex-message'),
    layout: 'simple-main',
  }),
  route('/line/template/edit_v3/:id', 'TemplateEditV3', 'フレックスメッセージ編集', {
    ...needs('flex-message'),
    layout: 'simple-main',
    query: [{ name: 'redirectTo', optional: true }],
  }),
  route('/line/funnel', 'FunnelList', 'ファネル一覧', needs('funnel-write')),
  route('/line/episode', 'EpisodeList', 'エピソード一覧'),
  route('/line/site', 'SiteList', 'サイト一覧', needs('site-write')),
  route('/line/board', 'BoardList', 'ボード一覧', needs('board-write')),
  route('/line/landing', 'LandingList', 'ランディングページ一覧'),
  route('/line/landing/edit/:id?', 'LandingEdit', 'ランディングページ編集', needs('landing-write')),
  route('/line/journey-tag', 'JourneyTagList', 'ジャーニータグ一覧'),
  route('/line/journey-tag/new', 'JourneyTagNew', 'ジャーニータグ作成', { query: [group] }),
  route('/line/journey-tag/:id/edit', 'JourneyTagEdit', 'ジャーニータグ編集', numericId),
  route('/line/ad-connect', 'AdConnectList', '広告連携一覧'),
  route('/line/common_var', 'CommonVarList', '共通情報一覧', needs('common-var-write')),
  route('/line/common_var/edit/:id', 'CommonVarEdit', '共通情報編集', needs('common-var-write')),
  route('/line/common_var/new', 'CommonVarNew', '共通情報作成', {
    ...needs('common-var-write'),
    query: [{ name: 'copy', optional: true }],
  }),
  { path: '/line/richmenu', redirectTo: '/line/richmenu/mode_select' },
  route('/line/richmenu/mode_select', 'RichMenuModeSelect', 'リッチメニュー モード選択'),
  route('/line/content/group/new', 'ContentGroupNew', 'コンテンツグループ作成'),
  route('/line/reserve/salon', 'ReserveSalon', 'サロン予約'),
  // Issue 11: the salon console's screens; `date` (and the filters) live in the query.
  route('/line/reserve/salon/timeline', 'SalonTimeline', '予約タイムライン', {
    query: [salonDate],
  }),
  route('/line/reserve/salon/shifts/day', 'SalonShiftDay', 'シフト（日）', { query: [salonDate] }),
  route('/line/reserve/salon/shifts/week', 'SalonShiftWeek', 'シフト（週）', {
    query: [salonDate],
  }),
  route('/line/reserve/event', 'EventList', 'イベント予約一覧'),
  route('/line/reserve/event/new', 'EventNew', 'イベント予約作成', needs('reserve-write')),
  // ROUTE-35: under /line/reserve/event/ anything unlisted, a bad id included, goes to EventList.
  route('/line/reserve/event/:id/edit', 'EventEdit', 'イベント予約編集', {
    ...needs('reserve-write'),
    ...numericId,
    invalidParamRedirect: '/line/reserve/event',
  }),
  route('/line/reserve/event/:id/list', 'EventReservationList', 'イベント予約者一覧', {
    ...numericId,
    invalidParamRedirect: '/line/reserve/event',
  }),
  { path: '/line/reserve/event/*', redirectTo: '/line/reserve/event' },
  route('/line/operator_roles', 'OperatorRoleList', 'オペレーター権限'),
  route('/line/operator_roles/new', 'OperatorRoleNew', 'オペレーター権限作成', { ownerOnly: true }),
  route('/line/operator_roles/:id', 'OperatorRoleEdit', 'オペレーター権限編集', numericId),
  route('/line/ai-service-account', 'AIServiceAccountIndex', '生成AI設定'),

  route('/line/tel', 'TelListPage', '通知メッセージ'),
  route('/line/tel/list/:id', 'TelDetailListPage', '詳細・発注'),
  route('/line/tel/register', 'TelRegisterPage', '通知メッセージ個別登録'),
  route('/line/tel/upload', 'TelBulkUploadPage', '通知メッセージファイルアップロード'),
  route('/line/tel/template', 'TelTemplateListPage', '通知メッセージテンプレート'),
  route('/line/tel/template/register', 'TelTemplateRegisterPage', '通知メッセージテンプレート登録'),
  // Issue 10 (decision 0085): a template's detail and edit; unguarded like every tel screen
  // (DEC-09), the write controls need tel-write.
  route(
    '/line/tel/template/:id',
    'TelTemplateDetailPage',
    '通知メッセージテンプレート詳細',
    numericId,
  ),
  route(
    '/line/tel/template/:id/edit',
    'TelTemplateEditPage',
    '通知メッセージテンプレート編集',
    numericId,
  ),

  // The shared UI kit in all its states (ADR 0030); elsewhere it looks like any unknown path.
  route('/dev/ui', 'UiCatalogue', 'UIカタログ', { ownerOrDev: true }),

  route('*', 'NotFound', 'ページが見つかりません'),
];

/** Finds a page route by its name; the side menu and tests link by name, not by path. */
export function pageRouteByName(name: string): PageRoute | undefined {
  return routeTable.find(
    (entry): entry is PageRoute => 'handle' in entry && entry.handle.name === name,
  );
}
