export * from './accounts.js';
export * from './surveys.js';
