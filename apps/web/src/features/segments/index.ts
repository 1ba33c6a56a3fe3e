export { SegmentListPage } from './pages/segment-list-page';
export { SegmentSettingPage } from './pages/segment-setting-page';
