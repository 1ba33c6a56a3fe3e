/** Every cache entry of this feature, so mutations can invalidate exactly what they change. */
export const operatorKeys = {
  all: ['operators'] as const,
  list: () => [...operatorKeys.all, 'list'] as const,
  /** The roles offered in the role selects (the roles feature keeps its own cache). */
  roles: () => [...operatorKeys.all, 'roles'] as const,
};
