/** Inflow trackers (流入経路, issue 29) and the content groups they are filed in. */
export { TrackerListPage } from './pages/tracker-list-page';
export { TrackerEditPage } from './pages/tracker-edit-page';
export type { ActionsEditorProps } from './components/tracker-form';
export { ContentGroupNewPage } from './pages/content-group-new-page';
