/** The account's operators: `operatorsModule` serves `/api/operators` (decision 0288). */
export { operatorsModule } from './routes.js';
