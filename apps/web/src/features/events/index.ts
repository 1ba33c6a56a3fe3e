/** Event reservations in the console (issue 27): EventList, EventNew / EventEdit, the list. */
export { EventListPage } from './pages/event-list-page';
export { EventEditPage } from './pages/event-edit-page';
export { EventReservationsPage, type FriendPickerProps } from './pages/event-reservations-page';
export type { ActionsEditorProps } from './components/event-form';
