import { buildInsertables, type InsertableGroup } from '@tsunagu/contracts';
import { useMemo } from 'react';
import { useReference } from './use-reference-store';

/**
 * The rich-editor insertables (REF-14..16) from the reference store's friend information, common
 * information and forms — loaded only once `enabled` (a 差し込み menu opened). A kind that failed
 * or was refused (REF-30) offers nothing; the others still do.
 */
export function useInsertables(enabled: boolean): { groups: InsertableGroup[]; loading: boolean } {
  const varia = useReference('varia', enabled);
  const commonVars = useReference('commonVars', enabled);
  const forms = useReference('forms', enabled);
  const groups = useMemo(
    () =>
      buildInsertables({
        varia: varia.loaded ? varia.data : undefined,
        commonVars: commonVars.loaded ? commonVars.data : undefined,
        forms: forms.loaded ? forms.data : undefined,
        friend: true,
      }),
    [varia, commonVars, forms],
  );
  return { groups, loading: enabled && !(varia.loaded && commonVars.loaded && forms.loaded) };
}
