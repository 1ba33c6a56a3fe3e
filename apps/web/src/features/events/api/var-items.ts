import { variaSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The friend-information items a question can save into, by name. */
export const useVarItems = () =>
  useQuery({
    queryKey: ['varia'],
    queryFn: () => apiRequest('/api/v_resource/varia', { schema: variaSchema }),
    select: (varia) => varia.items.map((item) => ({ id: item.id, name: item.name })),
  });
