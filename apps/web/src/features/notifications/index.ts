export { NotificationListPage } from './pages/notification-list-page';
export { NotificationEditPage } from './pages/notification-edit-page';
export { MessageKitProvider, type MessageKit } from './components/message-kit';
