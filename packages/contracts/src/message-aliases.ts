import { ALIAS_TYPES, type AliasType } from './insertables.js';

/**
 * Rendering a message's aliases (decision 0156): `{{var:12}}`, `{{commonVar:shop_phone}}` and
 * `{{form:entry}}` become the friend's values. Pure and shared: the server renders what it sends,
 * a preview may render the same way.
 */
const ALIAS_PATTERN = new RegExp(
  `\\{\\{(${ALIAS_TYPES.join('|')}):([A-Za-z0-9_-]{1,64})\\}\\}`,
  'g',
);

export type AliasRef = { type: AliasType; key: string };

/** Each alias of the text once, in the order they first appear. */
export function aliasesIn(text: string): AliasRef[] {
  const seen = new Set<string>();
  const refs: AliasRef[] = [];
  for (const match of text.matchAll(ALIAS_PATTERN)) {
    if (seen.has(match[0])) continue;
    seen.add(match[0]);
    refs.push({ type: match[1] as AliasType, key: match[2]! });
  }
  return refs;
}

/** The friend's value for one alias; undefined: there is none. */
export type AliasLookups = Partial<Record<AliasType, (key: string) => string | undefined>>;

/**
 * Replaces every alias with its value. An alias without a value — the friend has none, the item
 * is gone, or no lookup was given for its type — becomes '' so a friend never reads `{{…}}`.
 * Text that is not an alias is left exactly as it is, and values are not scanned again (a value
 * that looks like an alias stays as written).
 */
export function renderAliases(text: string, lookups: AliasLookups): string {
  return text.replace(ALIAS_PATTERN, (_whole, type: AliasType, key: string) => {
    return lookups[type]?.(key) ?? '';
  });
}
