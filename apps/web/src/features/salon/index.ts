export { SalonConsolePage } from './pages/salon-console-page';
export { salonPaths } from './utils/salon-search';
export { MemberSearchDialog } from './components/member-search-dialog';
