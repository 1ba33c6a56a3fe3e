import { hasAllPermissions } from '@tsunagu/contracts';
import type { PageRoute } from './route-handle';
import { pageRouteByName } from './route-table';

/** The side menu, by route name; paths, titles and required keys come from the route table. */
const MENU_SECTIONS: readonly { label: string; routes: readonly string[] }[] = [
  { label: 'ホーム', routes: ['Top'] },
  {
    label: 'メッセージ',
    routes: [
      'TemplateList',
      'Chat',
      'TemplateNew',
      'TemplateEditV3New',
      'NotificationList',
      'NotificationNew',
      'Visual',
    ],
  },
  {
    label: '友だち管理',
    routes: [
      'Friends',
      'UserVarList',
      'TagList',
      'SegmentList',
      'Follow',
      'CommonVarList',
      'CommonVarNew',
      'FormList',
      'FormNew',
    ],
  },
  {
    label: '集客・分析',
    routes: [
      'TrackerList',
      'TrackerNew',
      'FunnelList',
      'EpisodeList',
      'JourneyTagList',
      'JourneyTagNew',
      'TriggerList',
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
      'SalonSettings',
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
    routes: [
      'LineChannel',
      'StaffNotifySettings',
      'OperatorList',
      'OperatorRoleList',
      'OperatorRoleNew',
      'AIServiceAccountIndex',
      'UiCatalogue',
    ],
  },
];

export type MenuLink = {
  name: string;
  title: string;
  path: string;
  /** A real screen (route-pages.ts maps the name); otherwise the menu tags it 準備中. */
  built: boolean;
};
export type MenuSection = { label: string; links: MenuLink[] };

/** What decides the operator's menu. */
export type MenuAccess = {
  heldKeys: readonly string[];
  isOwner: boolean;
  /** A development build lists developer tools (the UI catalogue); production builds do not. */
  devBuild: boolean;
  /** Whether a route name has a real screen: one source, route-pages.ts (ADR 0061). */
  isBuilt: (name: string) => boolean;
};

/** APP-02/03 keys, owner-only screens and developer tools: may this operator use the entry? */
function usable(route: PageRoute, access: MenuAccess): boolean {
  const { handle } = route;
  if (!hasAllPermissions(access.heldKeys, handle.permissions)) return false;
  if (handle.menuNeeds && !hasAllPermissions(access.heldKeys, handle.menuNeeds)) return false;
  if ((handle.ownerOnly || handle.ownerScreen) && !access.isOwner) return false;
  if (handle.ownerOrDev && !access.devBuild) return false;
  return true;
}

/**
 * Sections with only the entries the operator can use, in the spec's order; empty sections are
 * dropped. Entries without a screen yet stay listed, marked `built: false`.
 */
export function visibleMenuSections(access: MenuAccess): MenuSection[] {
  return MENU_SECTIONS.map((section) => ({
    label: section.label,
    links: section.routes.flatMap((name) => {
      const route = pageRouteByName(name);
      if (!route || !usable(route, access)) return [];
      return [{ name, title: route.handle.title, path: route.path, built: access.isBuilt(name) }];
    }),
  })).filter((section) => section.links.length > 0);
}

/** Only the entries that open a real screen (the top page lists what works). */
export function builtSections(sections: readonly MenuSection[]): MenuSection[] {
  return sections
    .map((section) => ({ ...section, links: section.links.filter((link) => link.built) }))
    .filter((section) => section.links.length > 0);
}

/** Whether `pathname` is the link's page or a page below it (`/line/tel` holds `/line/tel/list/3`). */
function holds(linkPath: string, pathname: string): boolean {
  if (linkPath === pathname) return true;
  return linkPath !== '/' && pathname.startsWith(`${linkPath}/`);
}

/** The section of the page at `pathname`: the one whose link matches it most closely. */
export function sectionOf(sections: readonly MenuSection[], pathname: string): string | undefined {
  let best: { label: string; length: number } | undefined;
  for (const section of sections) {
    for (const link of section.links) {
      if (holds(link.path, pathname) && link.path.length > (best?.length ?? -1)) {
        best = { label: section.label, length: link.path.length };
      }
    }
  }
  return best?.label;
}
