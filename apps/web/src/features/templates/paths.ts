import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

export const templatePaths = {
  list: pagePaths.TemplateList,
  /** `?group=` preselects the folder of a new template (ignored when not the account's). */
  create: (groupId: number | null) =>
    `${pagePaths.TemplateNew}${groupId ? `?group=${groupId}` : ''}`,
  edit: (id: number) => generatePath(pagePaths.TemplateEdit, { id: String(id) }),
  /** Flex templates are edited in the flex editor; it comes back to the list afterwards. */
  editFlex: (id: number) =>
    `${generatePath(pagePaths.TemplateEditV3, { id: String(id) })}?redirectTo=${encodeURIComponent(pagePaths.TemplateList)}`,
};
