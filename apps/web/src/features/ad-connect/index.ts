export { AdConnectPage } from './pages/ad-connect-page';
