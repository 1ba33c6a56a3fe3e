export { FormEditPage } from './pages/form-edit-page';
export { FormListPage } from './pages/form-list-page';
