import { lazy } from 'react';
import { LoginPage } from '@/features/auth';
import type { PageComponent } from './route-handle';
import { NotFoundPage } from './routes/not-found-page';
import { TopPage } from './routes/top-page';

// Screens past the first one load on demand, so signing in does not wait for the list tables,
// date pickers and drag and drop that only the feature screens use (one chunk per feature).
const telPages = () => import('./routes/tel-routes');
const rolePages = () => import('./routes/operator-role-routes');
const operatorPages = () => import('./routes/operator-routes');
const aiPages = () => import('./routes/ai-routes');
const salonPages = () => import('./routes/salon-routes');
const salonSettingsPages = () => import('./routes/salon-settings-routes');
const linePages = () => import('./routes/line-routes');
const friendPages = () => import('./routes/friends-routes');
const tagPages = () => import('./routes/tag-routes');
const segmentPages = () => import('./routes/segment-routes');
const funnelPages = () => import('./routes/funnel-routes');
const adConnectPages = () => import('./routes/ad-connect-routes');
const friendInfoPages = () => import('./routes/friend-info-routes');
const commonVarPages = () => import('./routes/common-var-routes');
const formPages = () => import('./routes/form-routes');
const templatePages = () => import('./routes/template-routes');
const triggerPages = () => import('./routes/trigger-routes');
const followPages = () => import('./routes/follow-routes');
const journeyPages = () => import('./routes/journey-routes');
const episodePages = () => import('./routes/episode-routes');
const boardPages = () => import('./routes/board-routes');
const chatPages = () => import('./routes/chat-routes');
const notificationPages = () => import('./routes/notification-routes');
const staffNotifyPages = () => import('./routes/staff-notify-routes');
const richMenuPages = () => import('./routes/rich-menu-routes');
const eventPages = () => import('./routes/event-routes');
const landingPages = () => import('./routes/landing-routes');
const trackerPages = () => import('./routes/tracker-routes');

/** A page from a lazily loaded module; `router.tsx` shows 読み込み中... while it loads. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => PageComponent): PageComponent {
  return lazy(async () => ({ default: pick(await load()) }));
}

/**
 * Screens built so far, by route name. Every other route renders a placeholder with its title
 * and 準備中 until its issue lands.
 */
export const routePages: Readonly<Record<string, PageComponent>> = {
  Login: LoginPage,
  Top: TopPage,
  StaffNotifySettings: lazyPage(staffNotifyPages, (m) => m.StaffNotifySettingsRoute),
  NotFound: NotFoundPage,
  OperatorList: lazyPage(operatorPages, (m) => m.OperatorListRoute),
  AIServiceAccountIndex: lazyPage(aiPages, (m) => m.AiSettingsRoute),
  OperatorRoleList: lazyPage(rolePages, (m) => m.OperatorRoleListRoute),
  OperatorRoleNew: lazyPage(rolePages, (m) => m.OperatorRoleNewRoute),
  OperatorRoleEdit: lazyPage(rolePages, (m) => m.OperatorRoleEditRoute),
  TelListPage: lazyPage(telPages, (m) => m.TelListRoute),
  TelDetailListPage: lazyPage(telPages, (m) => m.TelDetailRoute),
  TelRegisterPage: lazyPage(telPages, (m) => m.TelRegisterRoute),
  TelBulkUploadPage: lazyPage(telPages, (m) => m.TelUploadRoute),
  TelTemplateListPage: lazyPage(telPages, (m) => m.TelTemplateListRoute),
  TelTemplateRegisterPage: lazyPage(telPages, (m) => m.TelTemplateRegisterRoute),
  TelTemplateDetailPage: lazyPage(telPages, (m) => m.TelTemplateDetailRoute),
  TelTemplateEditPage: lazyPage(telPages, (m) => m.TelTemplateEditRoute),
  ReserveSalon: lazyPage(salonPages, (m) => m.SalonHomeRoute),
  SalonTimeline: lazyPage(salonPages, (m) => m.SalonTimelineRoute),
  SalonShiftDay: lazyPage(salonPages, (m) => m.SalonShiftDayRoute),
  SalonShiftWeek: lazyPage(salonPages, (m) => m.SalonShiftWeekRoute),
  SalonSettings: lazyPage(salonSettingsPages, (m) => m.SalonSettingsRoute),
  SalonSettingsSwitches: lazyPage(salonSettingsPages, (m) => m.SalonSettingsSwitchesRoute),
  SalonSettingsBooking: lazyPage(salonSettingsPages, (m) => m.SalonSettingsBookingRoute),
  SalonSettingsOpening: lazyPage(salonSettingsPages, (m) => m.SalonSettingsOpeningRoute),
  SalonSettingsOnline: lazyPage(salonSettingsPages, (m) => m.SalonSettingsOnlineRoute),
  SalonSettingsCourses: lazyPage(salonSettingsPages, (m) => m.SalonCoursesRoute),
  SalonSettingsResources: lazyPage(salonSettingsPages, (m) => m.SalonResourcesRoute),
  SalonSettingsMatrix: lazyPage(salonSettingsPages, (m) => m.SalonMatrixRoute),
  SalonSettingsUrls: lazyPage(salonSettingsPages, (m) => m.SalonUrlsRoute),
  SalonSettingsGoogle: lazyPage(salonSettingsPages, (m) => m.SalonGoogleRoute),
  LandingList: lazyPage(landingPages, (m) => m.LandingListRoute),
  LandingEdit: lazyPage(landingPages, (m) => m.LandingEditRoute),
  SiteList: lazyPage(landingPages, (m) => m.SiteListRoute),
  PureEdit: lazyPage(landingPages, (m) => m.PureEditRoute),
  TrackerList: lazyPage(trackerPages, (m) => m.TrackerListRoute),
  TrackerNew: lazyPage(trackerPages, (m) => m.TrackerNewRoute),
  TrackerEdit: lazyPage(trackerPages, (m) => m.TrackerEditRoute),
  ContentGroupNew: lazyPage(trackerPages, (m) => m.ContentGroupNewRoute),
  EventList: lazyPage(eventPages, (m) => m.EventListRoute),
  EventNew: lazyPage(eventPages, (m) => m.EventNewRoute),
  EventEdit: lazyPage(eventPages, (m) => m.EventEditRoute),
  EventReservationList: lazyPage(eventPages, (m) => m.EventReservationListRoute),
  LineChannel: lazyPage(linePages, (m) => m.LineChannelPage),
  TriggerList: lazyPage(triggerPages, (m) => m.TriggerListRoute),
  Follow: lazyPage(followPages, (m) => m.FollowRoute),
  EpisodeList: lazyPage(episodePages, (m) => m.EpisodeListRoute),
  JourneyTagList: lazyPage(journeyPages, (m) => m.JourneyListRoute),
  JourneyTagNew: lazyPage(journeyPages, (m) => m.JourneyNewRoute),
  JourneyTagEdit: lazyPage(journeyPages, (m) => m.JourneyEditRoute),
  Friends: lazyPage(friendPages, (m) => m.FriendsRoute),
  FriendDetail: lazyPage(friendPages, (m) => m.FriendDetailRoute),
  UserVarList: lazyPage(friendInfoPages, (m) => m.UserVarListRoute),
  FormList: lazyPage(formPages, (m) => m.FormListRoute),
  FormNew: lazyPage(formPages, (m) => m.FormNewRoute),
  FormEdit: lazyPage(formPages, (m) => m.FormEditRoute),
  CommonVarList: lazyPage(commonVarPages, (m) => m.CommonVarListRoute),
  CommonVarNew: lazyPage(commonVarPages, (m) => m.CommonVarNewRoute),
  CommonVarEdit: lazyPage(commonVarPages, (m) => m.CommonVarEditRoute),
  TagList: lazyPage(tagPages, (m) => m.TagListRoute),
  BoardList: lazyPage(boardPages, (m) => m.BoardListRoute),
  Chat: lazyPage(chatPages, (m) => m.ChatRoute),
  TagSetting: lazyPage(tagPages, (m) => m.TagSettingRoute),
  TemplateList: lazyPage(templatePages, (m) => m.TemplateListRoute),
  TemplateNew: lazyPage(templatePages, (m) => m.TemplateNewRoute),
  TemplateEdit: lazyPage(templatePages, (m) => m.TemplateEditRoute),
  TemplateEditV3New: lazyPage(templatePages, (m) => m.TemplateEditV3NewRoute),
  TemplateEditV3: lazyPage(templatePages, (m) => m.TemplateEditV3Route),
  SegmentList: lazyPage(segmentPages, (m) => m.SegmentListRoute),
  FunnelList: lazyPage(funnelPages, (m) => m.FunnelListRoute),
  AdConnectList: lazyPage(adConnectPages, (m) => m.AdConnectListRoute),
  NotificationList: lazyPage(notificationPages, (m) => m.NotificationListRoute),
  NotificationNew: lazyPage(notificationPages, (m) => m.NotificationNewRoute),
  NotificationEdit: lazyPage(notificationPages, (m) => m.NotificationEditRoute),
  SegmentSetting: lazyPage(segmentPages, (m) => m.SegmentSettingRoute),
  Visual: lazyPage(richMenuPages, (m) => m.VisualRoute),
  RichMenuModeSelect: lazyPage(richMenuPages, (m) => m.RichMenuModeRoute),
  RichMenuNew: lazyPage(richMenuPages, (m) => m.RichMenuNewRoute),
  RichMenuEdit: lazyPage(richMenuPages, (m) => m.RichMenuEditRoute),
  UiCatalogue: lazyPage(
    () => import('./routes/ui-catalogue/ui-catalogue-page'),
    (m) => m.UiCataloguePage,
  ),
};
