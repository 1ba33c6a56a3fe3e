export { OperatorNoticesPanel } from './operator-notices-panel';
export { StaffBell } from './staff-bell';
export { StaffNotifySettingsPage } from './staff-settings-page';
