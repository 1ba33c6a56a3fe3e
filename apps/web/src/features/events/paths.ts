import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

export const eventPaths = {
  list: pagePaths.EventList,
  create: pagePaths.EventNew,
  edit: (id: number) => generatePath(pagePaths.EventEdit, { id: String(id) }),
  reservations: (id: number) => generatePath(pagePaths.EventReservationList, { id: String(id) }),
  friend: (id: number) => generatePath(pagePaths.FriendDetail, { id: String(id) }),
  /** The friend's page of the event (decision 0310). */
  publicPage: (publicKey: string) => `/e/${encodeURIComponent(publicKey)}`,
};
