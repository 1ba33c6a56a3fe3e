import { PERMISSION_KEYS } from '@tsunagu/contracts';
import { generatePath, matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pagePaths, redirectPaths, type PageName } from '@/config/paths';
import { isRedirectRoute, type PageRoute } from './route-handle';
import { routeTable } from './route-table';

const pages = routeTable.filter((entry): entry is PageRoute => !isRedirectRoute(entry));
const byPath = (path: string) => pages.find((entry) => entry.path === path);

// [rule, path, name, title, permissions, layout]
const EXPECTED: [string, string, string, string, string[], string?][] = [
  ['APP-08', '/account/login', 'Login', 'ログインページ', [], 'simple'],
  ['DEC-07', '/', 'Top', 'トップ', []],
  ['ROUTE-01', '/vue3-dev/line/visual', 'Visual', 'ビジュアル', [], 'simple-main'],
  [
    'ROUTE-02',
    '/vue3-dev/line/template/new',
    'TemplateNew',
    'テンプレート作成',
    ['template-write'],
  ],
  [
    'ROUTE-03',
    '/vue3-dev/line/template/edit/:id',
    'TemplateEdit',
    'テンプレート編集',
    ['template-write'],
  ],
  ['ROUTE-04', '/vue3-dev/line/setting/follow', 'Follow', '友だち追加時設定', []],
  ['ISSUE-29', '/line/tracker', 'TrackerList', '流入経路', []],
  ['ROUTE-05', '/vue3-dev/line/tracker/edit/new', 'TrackerNew', 'トラッカー作成', []],
  ['ROUTE-06', '/vue3-dev/line/tracker/edit/:id', 'TrackerEdit', 'トラッカー編集', []],
  ['ROUTE-07', '/vue3-dev/line/var', 'UserVarList', '友だち情報欄', []],
  ['ROUTE-08', '/vue3-dev/line/tag', 'TagList', 'タグ管理', ['tag-write']],
  ['ROUTE-09', '/vue3-dev/line/tag/setting/:id', 'TagSetting', 'タグ設定', ['tag-write']],
  ['ROUTE-10', '/vue3-dev/line/site/pure/edit/:id', 'PureEdit', 'サイト編集', ['site-write']],
  [
    'ROUTE-11',
    '/vue3-dev/line/notifications/new',
    'NotificationNew',
    'お知らせ作成',
    ['notification-write'],
  ],
  [
    'ROUTE-12',
    '/vue3-dev/line/notifications/:id',
    'NotificationEdit',
    'お知らせ編集',
    ['notification-write'],
  ],
  [
    'ROUTE-13',
    '/line/template/edit_v3/new',
    'TemplateEditV3New',
    'フレックスメッセージ作成',
    ['flex-message'],
    'simple-main',
  ],
  [
    'ROUTE-14',
    '/line/template/edit_v3/:id',
    'TemplateEditV3',
    'フレックスメッセージ編集',
    ['flex-message'],
    'simple-main',
  ],
  ['ISSUE-14', '/line/template', 'TemplateList', 'テンプレート', []],
  ['ROUTE-15', '/line/funnel', 'FunnelList', 'ファネル一覧', ['funnel-write']],
  ['ROUTE-16', '/line/episode', 'EpisodeList', 'エピソード一覧', []],
  ['ROUTE-17', '/line/site', 'SiteList', 'サイト一覧', ['site-write']],
  ['ROUTE-18', '/line/board', 'BoardList', 'ボード一覧', ['board-write']],
  ['ISSUE-24', '/line/chat', 'Chat', 'チャット', []],
  ['ROUTE-19', '/line/landing', 'LandingList', 'ランディングページ一覧', []],
  [
    'ROUTE-20',
    '/line/landing/edit/:id?',
    'LandingEdit',
    'ランディングページ編集',
    ['landing-write'],
  ],
  ['ROUTE-21', '/line/journey-tag', 'JourneyTagList', 'ジャーニータグ一覧', []],
  ['ROUTE-22', '/line/journey-tag/new', 'JourneyTagNew', 'ジャーニータグ作成', []],
  ['ROUTE-23', '/line/journey-tag/:id/edit', 'JourneyTagEdit', 'ジャーニータグ編集', []],
  ['ROUTE-24', '/line/ad-connect', 'AdConnectList', '広告連携一覧', []],
  ['ISSUE-13', '/line/forms', 'FormList', '回答フォーム', []],
  ['ISSUE-13', '/line/forms/new', 'FormNew', '回答フォーム作成', ['tag-write']],
  ['ISSUE-13', '/line/forms/:id/edit', 'FormEdit', '回答フォーム編集', ['tag-write']],
  ['ROUTE-25', '/line/common_var', 'CommonVarList', '共通情報一覧', ['common-var-write']],
  ['ROUTE-26', '/line/common_var/edit/:id', 'CommonVarEdit', '共通情報編集', ['common-var-write']],
  ['ROUTE-27', '/line/common_var/new', 'CommonVarNew', '共通情報作成', ['common-var-write']],
  ['ROUTE-28', '/line/richmenu/mode_select', 'RichMenuModeSelect', 'リッチメニュー モード選択', []],
  // Issue 25 (decision 0265): beyond the spec's routes, a rich menu's editor.
  ['ROUTE-28', '/line/richmenu/new', 'RichMenuNew', 'リッチメニュー作成', ['template-write']],
  ['ROUTE-28', '/line/richmenu/:id/edit', 'RichMenuEdit', 'リッチメニュー編集', []],
  ['ROUTE-29', '/line/content/group/new', 'ContentGroupNew', 'コンテンツグループ作成', []],
  ['ROUTE-30', '/line/reserve/salon', 'ReserveSalon', 'サロン予約', []],
  ['TML-01', '/line/reserve/salon/timeline', 'SalonTimeline', '予約タイムライン', []],
  ['TML-02', '/line/reserve/salon/shifts/day', 'SalonShiftDay', 'シフト（日）', []],
  ['TML-03', '/line/reserve/salon/shifts/week', 'SalonShiftWeek', 'シフト（週）', []],
  ['ISSUE-12', '/line/reserve/salon/settings', 'SalonSettings', '予約設定', []],
  ['ISSUE-12', '/line/reserve/salon/settings/switches', 'SalonSettingsSwitches', '基本設定', []],
  [
    'ISSUE-12',
    '/line/reserve/salon/settings/booking',
    'SalonSettingsBooking',
    '予約受付・キャンセル',
    [],
  ],
  ['ISSUE-12', '/line/reserve/salon/settings/opening', 'SalonSettingsOpening', '営業時間', []],
  [
    'ISSUE-12',
    '/line/reserve/salon/settings/online',
    'SalonSettingsOnline',
    'オンライン予約ページ',
    [],
  ],
  ['RSV-17', '/line/reserve/salon/settings/courses', 'SalonSettingsCourses', 'コース設定', []],
  [
    'RSV-23',
    '/line/reserve/salon/settings/resources',
    'SalonSettingsResources',
    'リソース設定',
    [],
  ],
  ['RSV-37', '/line/reserve/salon/settings/matrix', 'SalonSettingsMatrix', '対応コース設定', []],
  ['RSV-78', '/line/reserve/salon/settings/urls', 'SalonSettingsUrls', '予約URL', []],
  [
    'RSV-39',
    '/line/reserve/salon/settings/google',
    'SalonSettingsGoogle',
    'Googleカレンダー連携',
    [],
  ],
  ['ROUTE-31', '/line/reserve/event', 'EventList', 'イベント予約一覧', []],
  ['ROUTE-32', '/line/reserve/event/new', 'EventNew', 'イベント予約作成', ['reserve-write']],
  ['ROUTE-33', '/line/reserve/event/:id/edit', 'EventEdit', 'イベント予約編集', ['reserve-write']],
  ['ROUTE-34', '/line/reserve/event/:id/list', 'EventReservationList', 'イベント予約者一覧', []],
  // Issue 28 (decision 0288): the operators, beside their roles.
  ['ISSUE-28', '/line/operators', 'OperatorList', 'オペレーター', []],
  ['ROUTE-36', '/line/operator_roles', 'OperatorRoleList', 'オペレーター権限', []],
  ['ROUTE-37', '/line/operator_roles/new', 'OperatorRoleNew', 'オペレーター権限作成', []],
  ['ROUTE-38', '/line/operator_roles/:id', 'OperatorRoleEdit', 'オペレーター権限編集', []],
  ['LINE', '/line/channel', 'LineChannel', 'LINE連携', []],
  ['FRIENDS', '/line/friends', 'Friends', 'LINE友だち', []],
  ['SEGMENTS', '/line/segments', 'SegmentList', 'セグメント', []],
  // Issue 24 (decision 0223): the お知らせ' list, read by every operator.
  ['ISSUE-24', '/line/notifications', 'NotificationList', 'お知らせ', []],
  // Issue 26: each operator's own staff-notice settings (the bell links here).
  ['ISSUE-26', '/account/notifications', 'StaffNotifySettings', '通知の設定', []],
  ['TRIGGERS', '/line/triggers', 'TriggerList', 'トリガー・API連携', []],
  ['SEGMENTS', '/line/segments/:id', 'SegmentSetting', 'セグメント設定', []],
  ['FRIENDS', '/line/friends/:id', 'FriendDetail', 'LINE友だち詳細', []],
  ['ROUTE-39', '/line/ai-service-account', 'AIServiceAccountIndex', '生成AI設定', []],
  ['TEL', '/line/tel', 'TelListPage', '通知メッセージ', []],
  ['TEL', '/line/tel/list/:id', 'TelDetailListPage', '詳細・発注', []],
  ['TEL', '/line/tel/register', 'TelRegisterPage', '通知メッセージ個別登録', []],
  ['TEL', '/line/tel/upload', 'TelBulkUploadPage', '通知メッセージファイルアップロード', []],
  ['TEL', '/line/tel/template', 'TelTemplateListPage', '通知メッセージテンプレート', []],
  [
    'TEL',
    '/line/tel/template/register',
    'TelTemplateRegisterPage',
    '通知メッセージテンプレート登録',
    [],
  ],
  // Issue 10 (decision 0085): beyond the spec's routes, a template's detail and its edit.
  ['TEL', '/line/tel/template/:id', 'TelTemplateDetailPage', '通知メッセージテンプレート詳細', []],
  [
    'TEL',
    '/line/tel/template/:id/edit',
    'TelTemplateEditPage',
    '通知メッセージテンプレート編集',
    [],
  ],
  ['UI', '/dev/ui', 'UiCatalogue', 'UIカタログ', []],
  ['DEC-07', '*', 'NotFound', 'ページが見つかりません', []],
];

describe('route table', () => {
  it.each(EXPECTED)(
    '%s %s is named and titled as specified',
    (_rule, path, name, title, keys, layout = 'main') => {
      const entry = byPath(path);
      expect(entry, `missing route ${path}`).toBeDefined();
      expect(entry?.handle).toMatchObject({ name, title, layout });
      expect([...(entry?.handle.permissions ?? [])].sort()).toEqual([...keys].sort());
    },
  );

  it('has no page route beyond the specified ones, and names are unique', () => {
    expect(pages.map((entry) => entry.path).sort()).toEqual(EXPECTED.map((row) => row[1]).sort());
    const names = pages.map((entry) => entry.handle.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('APP-05 DEC-09 routes check only the ten keys of spec §6, and every one guards some route', () => {
    const used = new Set(pages.flatMap((entry) => entry.handle.permissions));
    // DEC-09: tel-write guards the tel writes on the server; the tel screens stay unguarded.
    const routeKeys = PERMISSION_KEYS.filter((key) => key !== 'tel-write');
    expect([...used].sort()).toEqual([...routeKeys].sort());
  });

  it('ROUTE-28 and ROUTE-35 are declared as redirects', () => {
    const redirects = routeTable.filter(isRedirectRoute);
    expect(redirects).toEqual(
      expect.arrayContaining([
        { path: '/line/richmenu', redirectTo: '/line/richmenu/mode_select' },
        { path: '/line/reserve/event/*', redirectTo: '/line/reserve/event' },
      ]),
    );
  });

  it('numeric ids are declared where the spec says numeric', () => {
    const numeric = pages
      .filter((entry) => entry.handle.numericParams?.includes('id'))
      .map((entry) => entry.path)
      .sort();
    expect(numeric).toEqual(
      [
        '/vue3-dev/line/template/edit/:id',
        '/line/journey-tag/:id/edit',
        '/line/reserve/event/:id/edit',
        '/line/reserve/event/:id/list',
        '/line/operator_roles/:id',
        // Issue 13: a friend and a form are numeric ids.
        '/line/friends/:id',
        '/line/forms/:id/edit',
        '/line/tel/template/:id',
        '/line/tel/template/:id/edit',
        // Issue 24: a お知らせ is a numeric id.
        '/vue3-dev/line/notifications/:id',
        // Issue 25: a rich menu is a numeric id.
        '/line/richmenu/:id/edit',
      ].sort(),
    );
  });

  it('ROUTE-02/04/14/22/27 record the query parameters the screens read', () => {
    expect(byPath('/vue3-dev/line/template/new')?.handle.query).toEqual([
      { name: 'group', optional: true },
    ]);
    expect(byPath('/vue3-dev/line/setting/follow')?.handle.query).toEqual([
      { name: 'tab', optional: true, default: 'basic' },
    ]);
    expect(byPath('/line/template/edit_v3/:id')?.handle.query).toEqual([
      { name: 'redirectTo', optional: true },
    ]);
    expect(byPath('/line/journey-tag/new')?.handle.query).toEqual([
      { name: 'group', optional: true },
    ]);
    expect(byPath('/line/common_var/new')?.handle.query).toEqual([
      { name: 'copy', optional: true },
    ]);
  });

  it('the UI catalogue is shown only in development builds or to owners', () => {
    const marked = pages.filter((entry) => entry.handle.ownerOrDev).map((entry) => entry.path);
    expect(marked).toEqual(['/dev/ui']);
  });

  it('only LINE連携 is a screen wholly the owner’s (others are sent away, ADR 0080)', () => {
    const marked = pages.filter((entry) => entry.handle.ownerScreen).map((entry) => entry.path);
    expect(marked).toEqual(['/line/channel']);
  });

  it('ROUTE-01 the visual editor asks for the gray surface', () => {
    expect(byPath('/vue3-dev/line/visual')?.handle.surface).toBe('gray');
  });
});

describe('route table paths come from config/paths.ts (issue 9: one source of URLs)', () => {
  const redirects = routeTable.filter(isRedirectRoute);
  const pagePathValues: string[] = Object.values(pagePaths);

  it('every page route has the path config/paths.ts gives its name', () => {
    for (const entry of pages) {
      expect(entry.path, entry.handle.name).toBe(pagePaths[entry.handle.name as PageName]);
    }
  });

  it('every path in config/paths.ts is one route of the table, none left over', () => {
    expect(pages.map((entry) => entry.handle.name).sort()).toEqual(Object.keys(pagePaths).sort());
    expect(redirects.map((entry) => entry.path).sort()).toEqual(
      Object.values(redirectPaths).sort(),
    );
  });

  it('redirects lead to paths from config/paths.ts', () => {
    const targets = [
      ...redirects.map((entry) => entry.redirectTo),
      ...pages.flatMap((entry) => entry.handle.invalidParamRedirect ?? []),
    ];
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(pagePathValues).toContain(target);
  });

  it('a link built from a path with an id opens that route', () => {
    const withId = pages.filter((entry) => entry.path.includes(':id'));
    expect(withId.length).toBeGreaterThan(0);
    for (const entry of withId) {
      const link = generatePath(entry.path, { id: '7' });
      expect(matchPath(entry.path, link)?.params.id, link).toBe('7');
    }
  });
});
