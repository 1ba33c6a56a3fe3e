import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

/** The trackers' console URLs (features build links from config/paths). */
export const trackerPaths = {
  list: pagePaths.TrackerList,
  create: (group: number | null) =>
    group === null ? pagePaths.TrackerNew : `${pagePaths.TrackerNew}?group=${group}`,
  edit: (id: number) => generatePath(pagePaths.TrackerEdit, { id: String(id) }),
  groupNew: pagePaths.ContentGroupNew,
};
