export { FunnelListPage } from './pages/funnel-list-page';
