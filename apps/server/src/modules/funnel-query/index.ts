// A funnel's counting in SQL (decisions 0362, 0433), below both the funnels module and the
// segments' member conditions (a count made a segment, decision 0430), so neither reaches into
// the other.
export { funnelCounts, funnelMembersWhere } from './query.js';
