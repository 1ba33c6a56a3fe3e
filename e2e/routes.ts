// The route table from the issue and spec/RULES.md (APP, ROUTE, TEL, DEC-07), kept here as an
// independent oracle: it is deliberately NOT imported from apps/web, so a wrong route table in the
// app fails these tests instead of agreeing with them.
export type RouteCase = {
  /** Rule IDs the route checks, for the test title. */
  rule: string;
  path: string;
  /** The route title; the page title is `${title} | ${brand label}` (DEC-03). */
  title: string;
  /** Permission keys the route requires (empty: no check, APP-04). */
  keys: string[];
  /** Where a redirecting route lands. */
  landsOn?: string;
  /** Whether the path carries an id (or is otherwise not a menu target). */
  parameterised?: boolean;
  /** A section of the salon settings: reached from the settings' own navigation, not the menu. */
  settingsSection?: boolean;
};

const r = (
  rule: string,
  path: string,
  title: string,
  keys: string[] = [],
  extra: Partial<RouteCase> = {},
): RouteCase => ({ rule, path, title, keys, ...extra });
const withId = { parameterised: true };
const inSettings = { settingsSection: true };

export const LOGIN: RouteCase = r('APP-08', '/account/login', 'ログインページ');

/** Every route a signed-in operator can open (the login page is tested on its own). */
export const ROUTES: RouteCase[] = [
  r('DEC-07', '/', 'トップ'),
  r('ROUTE-01', '/vue3-dev/line/visual', 'ビジュアル'),
  r('ROUTE-02', '/vue3-dev/line/template/new', 'テンプレート作成', ['template-write']),
  r('ROUTE-03', '/vue3-dev/line/template/edit/1', 'テンプレート編集', ['template-write'], withId),
  r('ROUTE-04', '/vue3-dev/line/setting/follow', '友だち追加時設定'),
  r('ROUTE-05', '/vue3-dev/line/tracker/edit/new', 'トラッカー作成'),
  r('ROUTE-06', '/vue3-dev/line/tracker/edit/1', 'トラッカー編集', [], withId),
  // Issue 13: the account's LINE friends.
  r('FRIENDS', '/line/friends', 'LINE友だち'),
  // Issue 13: segments (member queries).
  r('SEGMENTS', '/line/segments', 'セグメント'),
  r('SEGMENTS', '/line/segments/new', 'セグメント設定', [], withId),
  r('FRIENDS', '/line/friends/1', 'LINE友だち詳細', [], withId),
  r('ROUTE-07', '/vue3-dev/line/var', '友だち情報欄'),
  r('ROUTE-08', '/vue3-dev/line/tag', 'タグ管理', ['tag-write']),
  r('ROUTE-09', '/vue3-dev/line/tag/setting/1', 'タグ設定', ['tag-write'], withId),
  r('ROUTE-10', '/vue3-dev/line/site/pure/edit/1', 'サイト編集', ['site-write'], withId),
  r('ROUTE-11', '/vue3-dev/line/notifications/new', 'お知らせ作成', ['notification-write']),
  r('ROUTE-12', '/vue3-dev/line/notifications/1', 'お知らせ編集', ['notification-write'], withId),
  // Issue 14: the message templates' list (ADR 0163).
  r('TEMPLATES', '/line/template', 'テンプレート'),
  r('FORMS', '/line/forms', '回答フォーム'),
  r('FORMS', '/line/forms/new', '回答フォーム作成', ['tag-write']),
  r('FORMS', '/line/forms/1/edit', '回答フォーム編集', ['tag-write'], withId),
  r('ROUTE-13', '/line/template/edit_v3/new', 'フレックスメッセージ作成', ['flex-message']),
  r('ROUTE-14', '/line/template/edit_v3/1', 'フレックスメッセージ編集', ['flex-message'], withId),
  r('ROUTE-15', '/line/funnel', 'ファネル一覧', ['funnel-write']),
  r('ROUTE-16', '/line/episode', 'エピソード一覧'),
  r('ROUTE-17', '/line/site', 'サイト一覧', ['site-write']),
  r('ROUTE-18', '/line/board', 'ボード一覧', ['board-write']),
  r('ISSUE-24', '/line/chat', 'チャット'),
  r('ROUTE-19', '/line/landing', 'ランディングページ一覧'),
  // ROUTE-20 is one route, `/line/landing/edit/{id}` with the id optional: opened without its
  // id it is still a parameterised route, so the side menu need not link to it.
  r('ROUTE-20', '/line/landing/edit', 'ランディングページ編集', ['landing-write'], withId),
  r('ROUTE-20', '/line/landing/edit/1', 'ランディングページ編集', ['landing-write'], withId),
  r('ROUTE-21', '/line/journey-tag', 'ジャーニータグ一覧'),
  r('ROUTE-22', '/line/journey-tag/new', 'ジャーニータグ作成'),
  r('ROUTE-23', '/line/journey-tag/1/edit', 'ジャーニータグ編集', [], withId),
  r('ROUTE-24', '/line/ad-connect', '広告連携一覧'),
  r('ROUTE-25', '/line/common_var', '共通情報一覧', ['common-var-write']),
  r('ROUTE-26', '/line/common_var/edit/1', '共通情報編集', ['common-var-write'], withId),
  r('ROUTE-27', '/line/common_var/new', '共通情報作成', ['common-var-write']),
  r('ROUTE-28', '/line/richmenu', 'リッチメニュー モード選択', [], {
    landsOn: '/line/richmenu/mode_select',
  }),
  r('ROUTE-29', '/line/content/group/new', 'コンテンツグループ作成'),
  r('ROUTE-30', '/line/reserve/salon', 'サロン予約'),
  // The salon console's views (issue 11): also reached from the console's own tabs.
  r('TML-01', '/line/reserve/salon/timeline', '予約タイムライン'),
  r('TML-02', '/line/reserve/salon/shifts/day', 'シフト（日）'),
  r('TML-03', '/line/reserve/salon/shifts/week', 'シフト（週）'),
  // Issue 12: the salon settings home (its sections are reached from its own navigation).
  r('ISSUE-12', '/line/reserve/salon/settings', '予約設定'),
  r('ISSUE-12', '/line/reserve/salon/settings/switches', '基本設定', [], inSettings),
  r('ISSUE-12', '/line/reserve/salon/settings/booking', '予約受付・キャンセル', [], inSettings),
  r('ISSUE-12', '/line/reserve/salon/settings/opening', '営業時間', [], inSettings),
  r('ISSUE-12', '/line/reserve/salon/settings/online', 'オンライン予約ページ', [], inSettings),
  // The salon settings' catalogue sections (issue 12).
  r('RSV-17', '/line/reserve/salon/settings/courses', 'コース設定', [], inSettings),
  r('RSV-23', '/line/reserve/salon/settings/resources', 'リソース設定', [], inSettings),
  r('RSV-37', '/line/reserve/salon/settings/matrix', '対応コース設定', [], inSettings),
  r('RSV-78', '/line/reserve/salon/settings/urls', '予約URL', [], inSettings),
  r('RSV-39', '/line/reserve/salon/settings/google', 'Googleカレンダー連携', [], inSettings),
  r('ROUTE-31', '/line/reserve/event', 'イベント予約一覧'),
  r('ROUTE-32', '/line/reserve/event/new', 'イベント予約作成', ['reserve-write']),
  r('ROUTE-33', '/line/reserve/event/1/edit', 'イベント予約編集', ['reserve-write'], withId),
  r('ROUTE-34', '/line/reserve/event/1/list', 'イベント予約者一覧', [], withId),
  r('ROUTE-35', '/line/reserve/event/abc', 'イベント予約一覧', [], {
    landsOn: '/line/reserve/event',
    parameterised: true,
  }),
  // Issue 28 (decision 0288): the account's operators, beside their roles.
  r('ISSUE-28', '/line/operators', 'オペレーター'),
  r('ROUTE-36', '/line/operator_roles', 'オペレーター権限'),
  r('ROUTE-37', '/line/operator_roles/new', 'オペレーター権限作成'),
  r('ROUTE-38', '/line/operator_roles/1', 'オペレーター権限編集', [], withId),
  // Issue 17: the owner's LINE連携 (demo is the owner; staff is sent away, line-channel.spec.ts).
  r('LINE', '/line/channel', 'LINE連携'),
  r('ROUTE-39', '/line/ai-service-account', '生成AI設定'),
  r('TEL-01', '/line/tel', '通知メッセージ'),
  r('TEL-20', '/line/tel/list/1', '詳細・発注', [], withId),
  r('TEL-43', '/line/tel/register', '通知メッセージ個別登録'),
  r('TEL-50', '/line/tel/upload', '通知メッセージファイルアップロード'),
  r('TEL-63', '/line/tel/template', '通知メッセージテンプレート'),
  r('TEL-66', '/line/tel/template/register', '通知メッセージテンプレート登録'),
  r('DEC-07', '/no/such/page', 'ページが見つかりません', [], { parameterised: true }),
];

/** The routes the side menu must reach: no (optional) id, redirect probe or unknown path. */
export const MENU_ROUTES = ROUTES.filter((route) => !route.parameterised && !route.settingsSection);
