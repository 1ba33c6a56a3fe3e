export { SalonConsolePage } from './pages/salon-console-page';
export { salonPaths } from './utils/salon-search';
