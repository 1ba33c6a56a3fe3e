import { buildInsertables } from '@tsunagu/contracts';
import { useMemo } from 'react';
import { useReference } from '@/lib/reference-store';

/**
 * The preview's names for aliases (decision 0164): friend information is loaded once a message
 * holds an alias; common information and forms are named when the 差し込み menu has loaded them
 * (the preview alone never asks for them). An alias without a name shows as written.
 */
export function useAliasNames(enabled: boolean): (alias: string) => string {
  const varia = useReference('varia', enabled);
  const commonVars = useReference('commonVars', false);
  const forms = useReference('forms', false);
  const names = useMemo(() => {
    const byAlias = new Map<string, string>();
    const groups = buildInsertables({
      varia: varia.loaded ? varia.data : undefined,
      commonVars: commonVars.loaded ? commonVars.data : undefined,
      forms: forms.loaded ? forms.data : undefined,
      friend: true,
    });
    for (const group of groups)
      for (const entry of group.entries) byAlias.set(entry.alias, entry.name);
    return byAlias;
  }, [varia, commonVars, forms]);
  return (alias) => names.get(alias) ?? alias;
}
