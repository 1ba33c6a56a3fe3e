export type { FunnelCountAction } from './components/funnel-result-table';
export { FunnelListPage } from './pages/funnel-list-page';
