/**
 * Whether an order call's `ids` name every one of `existing` exactly once (RSV-22/29, RSV-35,
 * JRN-09/10/17): none missing, none foreign, none twice. A list that fails went stale in the
 * console (a row added or deleted meanwhile), and the call is refused rather than half applied.
 */
export function namesEachOnce(ids: readonly number[], existing: readonly number[]): boolean {
  if (ids.length !== existing.length || new Set(ids).size !== ids.length) return false;
  const known = new Set(existing);
  return ids.every((id) => known.has(id));
}
