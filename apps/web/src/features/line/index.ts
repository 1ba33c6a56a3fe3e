export { LineChannelPage } from './pages/line-channel-page';
