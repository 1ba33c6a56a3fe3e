import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

export const rolePaths = {
  list: pagePaths.OperatorRoleList,
  create: pagePaths.OperatorRoleNew,
  edit: (id: number) => generatePath(pagePaths.OperatorRoleEdit, { id: String(id) }),
};
