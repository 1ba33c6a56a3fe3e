/** Every cache entry of this feature, so mutations can update exactly what they change. */
export const lineKeys = {
  all: ['line-channel'] as const,
  channel: () => [...lineKeys.all, 'channel'] as const,
  quota: () => [...lineKeys.all, 'quota'] as const,
};
