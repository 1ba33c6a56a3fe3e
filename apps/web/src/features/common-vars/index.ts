export { CommonVarListPage } from './pages/common-var-list-page';
export { CommonVarSettingPage } from './pages/common-var-setting-page';
