/**
 * Conditions on an account's friends as SQL predicates on `members` (decisions 0145, 0158, 0430):
 * shared by segments (module member-queries) and the friends list's filters (module friends),
 * so the list and a segment of the same condition can never disagree.
 */
export { conditionWhere, memberConditionWhere, type ConditionFunnels } from './condition-sql.js';
export { conditionFunnels } from './condition-funnels.js';
