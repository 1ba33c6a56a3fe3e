export * from './accounts.js';
export * from './google-calendar.js';
export * from './members.js';
export * from './salon-reservations.js';
export * from './salon-shifts.js';
export * from './salons.js';
export * from './surveys.js';
export * from './tel.js';
