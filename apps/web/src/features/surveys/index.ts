export { SurveyController } from './components/survey-controller';
