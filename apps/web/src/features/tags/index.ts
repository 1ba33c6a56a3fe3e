export { TagListPage } from './pages/tag-list-page';
export { TagSettingPage } from './pages/tag-setting-page';
