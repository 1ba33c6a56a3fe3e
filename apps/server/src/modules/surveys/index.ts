/** The survey controller's answers: `surveysModule` serves `/api/surveys`. */
export { surveysModule } from './routes.js';
