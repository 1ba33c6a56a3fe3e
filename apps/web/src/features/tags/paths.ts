import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

/** TagSetting's id is a tag id, or `new` for a new tag (`?group=` preselects its group; ADR 0123). */
export const NEW_TAG_ID = 'new';

export const tagPaths = {
  list: pagePaths.TagList,
  edit: (id: number) => generatePath(pagePaths.TagSetting, { id: String(id) }),
  create: (groupId: number | null) =>
    `${generatePath(pagePaths.TagSetting, { id: NEW_TAG_ID })}${groupId ? `?group=${groupId}` : ''}`,
};
