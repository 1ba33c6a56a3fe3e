/** The customer's booking page (issue 12): served at `/r/{publicKey}` from its own entry. */
export { BookingApp } from './pages/booking-app';
export { publicKeyOfPath } from './lib/public-key';
