export { AnswerFormApp, answerLinkOf } from './answer-form-app';
