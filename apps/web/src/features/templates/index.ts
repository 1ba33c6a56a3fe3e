export { TemplateListPage } from './pages/template-list-page';
export { TemplateEditPage } from './pages/template-edit-page';
export { FlexEditPage } from './pages/flex-edit-page';
