/** Inflow trackers (流入経路, issue 29) and the content groups they are filed in. */
export { TrackerListPage } from './pages/tracker-list-page';
export { TrackerEditPage, type ActionsEditorProps } from './pages/tracker-edit-page';
export { ContentGroupNewPage } from './pages/content-group-new-page';
