import { hasAllPermissions } from '@tsunagu/contracts';
import { pageRouteByName } from './route-table';

/** The side menu, by route name; paths, titles and required keys come from the route table. */
const MENU_SECTIONS: readonly { label: string; routes: readonly string[] }[] = [
  { label: 'ホーム', routes: ['Top'] },
  {
    label: 'メッセージ',
    routes: ['TemplateNew', 'TemplateEditV3New', 'NotificationNew', 'Visual'],
  },
  {
    label: '友だち管理',
    routes: ['UserVarList', 'TagList', 'Follow', 'CommonVarList', 'CommonVarNew'],
  },
  {
    label: '集客・分析',
    routes: [
      'TrackerNew',
      'FunnelList',
      'EpisodeList',
      'JourneyTagList',
      'JourneyTagNew',
      'AdConnectList',
    ],
  },
  {
    label: 'サイト・コンテンツ',
    routes: ['SiteList', 'BoardList', 'LandingList', 'RichMenuModeSelect', 'ContentGroupNew'],
  },
  {
    label: '予約',
    routes: [
      'ReserveSalon',
      'SalonTimeline',
      'SalonShiftDay',
      'SalonShiftWeek',
      'EventList',
      'EventNew',
    ],
  },
  {
    label: '通知メッセージ',
    routes: [
      'TelListPage',
      'TelRegisterPage',
      'TelBulkUploadPage',
      'TelTemplateListPage',
      'TelTemplateRegisterPage',
    ],
  },
  {
    label: '設定',
    routes: ['OperatorRoleList', 'OperatorRoleNew', 'AIServiceAccountIndex', 'UiCatalogue'],
  },
];

export type MenuLink = { name: string; title: string; path: string };
export type MenuSection = { label: string; links: MenuLink[] };

/**
 * Sections with only the entries the operator may open; empty sections are dropped.
 * `devTools`: whether owner-or-development routes (the UI catalogue) are open to them.
 */
export function visibleMenuSections(heldKeys: readonly string[], devTools = false): MenuSection[] {
  return MENU_SECTIONS.map((section) => ({
    label: section.label,
    links: section.routes.flatMap((name) => {
      const route = pageRouteByName(name);
      if (!route || !hasAllPermissions(heldKeys, route.handle.permissions)) return [];
      if (route.handle.ownerOrDev && !devTools) return [];
      return [{ name, title: route.handle.title, path: route.path }];
    }),
  })).filter((section) => section.links.length > 0);
}
