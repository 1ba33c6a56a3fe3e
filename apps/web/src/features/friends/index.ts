export { FriendsPage } from './pages/friends-page';
