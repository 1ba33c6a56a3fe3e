import { telParamLabels } from '@tsunagu/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getTelTemplate } from './get-template';
import { telKeys } from './query-keys';

/**
 * The labels of each template's parameters (issue 28, decision 0376) for the templates an order's
 * messages use — an order uses one or a few, so each is read once (the cache the template
 * screens share). Templates the account no longer has are not asked for.
 */
export function useParamLabels(templateIds: readonly number[]) {
  const ids = useMemo(() => [...new Set(templateIds)].sort((a, b) => a - b), [templateIds]);
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: telKeys.template(id),
      queryFn: () => getTelTemplate(id),
    })),
  });
  const bodies = results.map((result) => result.data?.body ?? '');
  const key = bodies.join('\u0000');
  return useMemo(
    () => new Map(ids.map((id, index) => [id, telParamLabels(bodies[index] ?? '')])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the bodies
    [ids, key],
  );
}
