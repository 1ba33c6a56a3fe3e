export { TelListPage } from './pages/tel-list-page';
export { TelDetailPage } from './pages/tel-detail-page';
export { TelRegisterPage } from './pages/tel-register-page';
export { TelUploadPage } from './pages/tel-upload-page';
export { TelTemplateListPage } from './pages/tel-template-list-page';
export { TelTemplateRegisterPage } from './pages/tel-template-register-page';
export { telPaths } from './paths';
export { TelReadOnlyPage } from './components/read-only-notice';
