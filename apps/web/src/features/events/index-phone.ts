/** The friend's event page (issue 27): served at `/e/{publicKey}` from its own entry. */
export { EventApp } from './phone/event-app';
export { eventKeyOfPath, offerIdOfSearch } from './lib/public-key';
