import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

export const commonVarPaths = {
  list: pagePaths.CommonVarList,
  create: pagePaths.CommonVarNew,
  /** CommonVarNew prefilled from an item (ROUTE-27's `?copy=`). */
  copy: (id: number) => `${pagePaths.CommonVarNew}?copy=${id}`,
  edit: (id: number) => generatePath(pagePaths.CommonVarEdit, { id: String(id) }),
};
