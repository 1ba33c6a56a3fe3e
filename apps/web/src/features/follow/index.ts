export { FollowSettingsPage, FOLLOW_TABS } from './pages/follow-settings-page';
export { ActionListEditor } from './components/action-list-editor';
export { useActionSets } from './api/follow-api';
