export { OperatorNoticesPanel } from './operator-notices-panel';
