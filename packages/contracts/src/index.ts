import './zod-japanese.js';
export * from './auth.js';
export * from './brand.js';
export * from './errors.js';
export * from './permissions.js';
export * from './roles.js';
export * from './surveys.js';
export * from './tel.js';
export * from './tel-values.js';
