import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

export const journeyPaths = {
  list: pagePaths.JourneyTagList,
  create: (groupId?: number | null) =>
    groupId ? `${pagePaths.JourneyTagNew}?group=${groupId}` : pagePaths.JourneyTagNew,
  edit: (id: number) => generatePath(pagePaths.JourneyTagEdit, { id: String(id) }),
};
