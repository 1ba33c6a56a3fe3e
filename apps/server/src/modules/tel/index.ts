/**
 * Notification messages by phone number: `telModule` serves `/api/tel`; `telSampleFileRoute` the
 * sample CSV; the dispatcher (jobs.ts) runs in the API process or in `npm run worker`. LINE's
 * delivery reports and a channel disconnect reach it through the line module
 * (`recordDeliveryReport`, `stopSendingForAccount`), wired in app.ts.
 */
export { telRoutes as telModule, telSampleFileRoute } from './routes.js';
export { telDispatcherFromConfig } from './jobs.js';
export { recordDeliveryReport, stopSendingForAccount } from './delivery-reports.js';
export { seedDemoTel } from './seed.js';
export { telConfigPreload } from './preload.js';
export type { CredentialSource, DispatcherLog, Listen } from './dispatch-types.js';
