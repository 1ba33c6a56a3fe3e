export { LandingListPage } from './pages/landing-list-page';
export { LandingEditPage } from './pages/landing-edit-page';
export { SiteListPage } from './pages/site-list-page';
export { PureEditPage } from './pages/pure-edit-page';
