export { TriggerListPage } from './pages/trigger-list-page';
