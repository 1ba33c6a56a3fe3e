export { TemplateListPage } from './pages/template-list-page';
export { TemplateEditPage } from './pages/template-edit-page';
