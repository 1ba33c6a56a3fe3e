export { FriendsPage } from './pages/friends-page';
export { FriendDetailPage } from './pages/friend-detail-page';
