import { pagePaths } from '@/config/paths';

export const chatPaths = {
  inbox: pagePaths.Chat,
  thread: (friendId: number) => `${pagePaths.Chat}?friend=${friendId}`,
};
