/** Every cache entry of this feature, so mutations can invalidate exactly what they change. */
export const telKeys = {
  all: ['tel'] as const,
  config: () => [...telKeys.all, 'config'] as const,
  orders: () => [...telKeys.all, 'orders'] as const,
  order: (id: number) => [...telKeys.all, 'order', id] as const,
  messages: (id: number) => [...telKeys.order(id), 'messages'] as const,
  status: (id: number) => [...telKeys.order(id), 'status'] as const,
  summary: (id: number) => [...telKeys.order(id), 'summary'] as const,
  preview: (id: number, messageId: number) => [...telKeys.order(id), 'preview', messageId] as const,
  templates: () => [...telKeys.all, 'templates'] as const,
  template: (id: number) => [...telKeys.templates(), id] as const,
};
