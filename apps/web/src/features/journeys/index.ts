export { JourneyEditPage } from './pages/journey-edit-page';
export { JourneyListPage } from './pages/journey-list-page';
