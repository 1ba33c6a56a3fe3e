export * from './catalog.js';
export * from './common.js';
export * from './configs.js';
export * from './google.js';
export * from './realtime.js';
export * from './reservations.js';
export * from './salons.js';
export * from './shifts.js';
