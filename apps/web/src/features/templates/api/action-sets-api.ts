import { actionSetListSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The account's action sets with their signed postback data (issue 25, decision 0251): a button
 * of the kind アクションを実行 carries the chosen set's data.
 */
export const useActionSetChoices = () =>
  useQuery({
    queryKey: ['action_sets'],
    queryFn: () => apiRequest('/api/line/action_sets', { schema: actionSetListSchema }),
  });
