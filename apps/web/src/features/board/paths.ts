import { pagePaths } from '@/config/paths';

/** A friend's chat thread (the chat inbox with that friend open). */
export const chatThreadPath = (friendId: number) => `${pagePaths.Chat}?friend=${friendId}`;
