import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

export const formPaths = {
  list: pagePaths.FormList,
  create: pagePaths.FormNew,
  edit: (id: number) => generatePath(pagePaths.FormEdit, { id: String(id) }),
};
