/**
 * The friend's event page (issue 27): served at `/e/{publicKey}` from its own entry. Its own
 * index, so the booking page's entry never pulls the event page into its chunks.
 */
export { EventApp } from './event-app';
export { eventKeyOfPath, offerIdOfSearch } from './event-key';
