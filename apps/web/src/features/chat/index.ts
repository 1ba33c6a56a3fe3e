export { ChatPage, FriendChat } from './pages/chat-page';
export type { ChatRights } from './components/chat-thread';
