// LINE友だち as its own lazily loaded chunk (route-pages.ts).
export { FriendsPage } from '@/features/friends';
