/**
 * Every URL of the console, written once (issue 9), keyed by its route name: app/route-table.ts
 * declares each route with its path from here, and features build their links from here (they
 * may not import app/). Patterns use React Router's syntax; build a link to a page with an id
 * with `generatePath(pagePaths.X, { id })`. A new screen adds its path here and its route there.
 */
export const pagePaths = {
  Login: '/account/login',
  Top: '/',
  // Issue 26: the signed-in operator's own staff-notice settings (the bell links here).
  StaffNotifySettings: '/account/notifications',

  Visual: '/vue3-dev/line/visual',
  TemplateNew: '/vue3-dev/line/template/new',
  TemplateEdit: '/vue3-dev/line/template/edit/:id',
  Follow: '/vue3-dev/line/setting/follow',
  TrackerNew: '/vue3-dev/line/tracker/edit/new',
  TrackerEdit: '/vue3-dev/line/tracker/edit/:id',
  // Issue 29 (decision 0335): the trackers' list the spec's TrackerNew/Edit live under.
  TrackerList: '/line/tracker',
  UserVarList: '/vue3-dev/line/var',
  TagList: '/vue3-dev/line/tag',
  TagSetting: '/vue3-dev/line/tag/setting/:id',
  PureEdit: '/vue3-dev/line/site/pure/edit/:id',
  NotificationNew: '/vue3-dev/line/notifications/new',
  NotificationEdit: '/vue3-dev/line/notifications/:id',
  // Issue 24: the お知らせ' list (decision 0223); compose and edit are the two routes above.
  NotificationList: '/line/notifications',

  // Issue 14: the message templates' list (ADR 0163); the editors are the routes above and below.
  TemplateList: '/line/template',
  TemplateEditV3New: '/line/template/edit_v3/new',
  TemplateEditV3: '/line/template/edit_v3/:id',
  FunnelList: '/line/funnel',
  EpisodeList: '/line/episode',
  SiteList: '/line/site',
  BoardList: '/line/board',
  // Issue 24: the chat inbox; `?friend=` opens that friend's thread (decision 0244).
  Chat: '/line/chat',
  LandingList: '/line/landing',
  LandingEdit: '/line/landing/edit/:id?',
  JourneyTagList: '/line/journey-tag',
  JourneyTagNew: '/line/journey-tag/new',
  JourneyTagEdit: '/line/journey-tag/:id/edit',
  // Issue 14 (decision 0170): triggers, API keys and the events received — a screen of ours.
  TriggerList: '/line/triggers',
  AdConnectList: '/line/ad-connect',
  CommonVarList: '/line/common_var',
  CommonVarEdit: '/line/common_var/edit/:id',
  CommonVarNew: '/line/common_var/new',
  // Issue 13 (decisions 0150–0153): answer forms.
  FormList: '/line/forms',
  FormNew: '/line/forms/new',
  FormEdit: '/line/forms/:id/edit',
  RichMenuModeSelect: '/line/richmenu/mode_select',
  // Issue 25 (decision 0265): a rich menu's editor, new and saved.
  RichMenuNew: '/line/richmenu/new',
  RichMenuEdit: '/line/richmenu/:id/edit',
  ContentGroupNew: '/line/content/group/new',
  ReserveSalon: '/line/reserve/salon',
  SalonTimeline: '/line/reserve/salon/timeline',
  SalonShiftDay: '/line/reserve/salon/shifts/day',
  SalonShiftWeek: '/line/reserve/salon/shifts/week',
  // Issue 12: the salon's settings, a page per section (features/salon/settings/sections.ts).
  SalonSettings: '/line/reserve/salon/settings',
  SalonSettingsSwitches: '/line/reserve/salon/settings/switches',
  SalonSettingsBooking: '/line/reserve/salon/settings/booking',
  SalonSettingsOpening: '/line/reserve/salon/settings/opening',
  SalonSettingsOnline: '/line/reserve/salon/settings/online',
  SalonSettingsCourses: '/line/reserve/salon/settings/courses',
  SalonSettingsResources: '/line/reserve/salon/settings/resources',
  SalonSettingsMatrix: '/line/reserve/salon/settings/matrix',
  SalonSettingsUrls: '/line/reserve/salon/settings/urls',
  SalonSettingsGoogle: '/line/reserve/salon/settings/google',
  EventList: '/line/reserve/event',
  EventNew: '/line/reserve/event/new',
  EventEdit: '/line/reserve/event/:id/edit',
  EventReservationList: '/line/reserve/event/:id/list',
  // Issue 28 (decision 0288): the account's operators, beside their roles.
  OperatorList: '/line/operators',
  OperatorRoleList: '/line/operator_roles',
  OperatorRoleNew: '/line/operator_roles/new',
  OperatorRoleEdit: '/line/operator_roles/:id',
  LineChannel: '/line/channel',
  Friends: '/line/friends',
  // Issue 13: segments (member queries, ADR 0145); `:id` is a segment id or `new`.
  SegmentList: '/line/segments',
  SegmentSetting: '/line/segments/:id',
  // Issue 13: one friend's profile, friend information, tags and reservations.
  FriendDetail: '/line/friends/:id',
  AIServiceAccountIndex: '/line/ai-service-account',

  TelListPage: '/line/tel',
  TelDetailListPage: '/line/tel/list/:id',
  TelRegisterPage: '/line/tel/register',
  TelBulkUploadPage: '/line/tel/upload',
  TelTemplateListPage: '/line/tel/template',
  TelTemplateRegisterPage: '/line/tel/template/register',
  TelTemplateDetailPage: '/line/tel/template/:id',
  TelTemplateEditPage: '/line/tel/template/:id/edit',

  UiCatalogue: '/dev/ui',

  NotFound: '*',
} as const;

export type PageName = keyof typeof pagePaths;

/** Paths that only send the browser on to a page (the route table's redirects). */
export const redirectPaths = {
  /** → RichMenuModeSelect */
  RichMenu: '/line/richmenu',
  /** ROUTE-35: anything unlisted under the event screens → EventList */
  EventUnlisted: '/line/reserve/event/*',
} as const;

/**
 * The customer's booking page `/r/{publicKey}` (issue 12, decision 0125): not a console route —
 * the server answers it with booking.html, its own entry, and the page reads the key itself.
 */
export const BOOKING_PAGE_PREFIX = '/r/';
