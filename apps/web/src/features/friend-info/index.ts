export { UserVarListPage } from './pages/user-var-list-page';
