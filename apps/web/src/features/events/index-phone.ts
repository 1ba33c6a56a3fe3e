/** The friend's event page (issue 27): served at `/e/{publicKey}` from its own entry. */
export { EventApp } from './phone/event-app';
export { eventKeyOfPath } from './lib/public-key';
