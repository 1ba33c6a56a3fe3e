export { RoleListPage } from './pages/role-list-page';
export { RoleNewPage } from './pages/role-new-page';
export { RoleEditPage } from './pages/role-edit-page';
