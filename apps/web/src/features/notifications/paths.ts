import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

export const notificationPaths = {
  list: pagePaths.NotificationList,
  create: pagePaths.NotificationNew,
  edit: (id: number) => generatePath(pagePaths.NotificationEdit, { id: String(id) }),
};
