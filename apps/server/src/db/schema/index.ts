export * from './accounts.js';
export * from './surveys.js';
export * from './tel.js';
