export { OperatorListPage } from './pages/operator-list-page';
