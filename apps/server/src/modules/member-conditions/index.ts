/**
 * Conditions on an account's friends as SQL predicates on `members` (decisions 0145, 0158):
 * shared by segments (module member-queries) and the friends list's filters (module friends),
 * so the list and a segment of the same condition can never disagree.
 */
export { conditionWhere, memberConditionWhere } from './condition-sql.js';
