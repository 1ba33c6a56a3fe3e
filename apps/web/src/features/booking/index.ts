/** The customer's booking page (issue 12): served at `/r/{publicKey}` from its own entry. */
export { BookingApp } from './pages/booking-app';
export { publicKeyOfPath } from './lib/public-key';
/** The friend's event page (issue 27): served at `/e/{publicKey}` from its own entry. */
export { EventApp } from './event-page/event-app';
export { eventKeyOfPath, offerIdOfSearch } from './event-page/event-key';
