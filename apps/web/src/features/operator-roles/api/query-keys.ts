/** Every cache entry of this feature, so mutations can invalidate exactly what they change. */
export const roleKeys = {
  all: ['operator-roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
};
