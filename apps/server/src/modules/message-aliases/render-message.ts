import { aliasesIn, renderAliases, type AliasLookups } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { friendValuesForMessage } from '../friend-info/index.js';
import { friendNameLookup } from './friend-name.js';
import { varValueText } from './var-text.js';

/**
 * The values of one alias type for a friend, by key (a common-information code, a form code);
 * keys it has no value for are left out. The common-information and forms modules provide them.
 */
export type AliasResolver = (
  accountId: number,
  memberId: number,
  keys: string[],
) => Promise<ReadonlyMap<string, string>>;

export type AliasResolvers = { commonVar?: AliasResolver; form?: AliasResolver };

/** The friend's friend-information values for the given item ids, as message text. */
export async function friendVarLookup(
  db: Executor,
  accountId: number,
  memberId: number,
  varIds: number[],
): Promise<(key: string) => string | undefined> {
  const texts = new Map<string, string>();
  for (const value of await friendValuesForMessage(db, accountId, memberId, varIds)) {
    const text = varValueText(value);
    if (text !== undefined) texts.set(String(value.varId), text);
  }
  return (key) => texts.get(key);
}

/**
 * Renders a message for one friend of one account (decisions 0156, 0157): each alias becomes
 * the friend's value, '' when there is none. Only the aliases the text holds are looked up; a
 * text without aliases is returned as it is without a query. An alias type with no resolver
 * (not wired) renders as ''.
 */
export function createMessageRenderer(deps: { db: Executor; resolvers?: AliasResolvers }) {
  const { db, resolvers = {} } = deps;
  return async function renderMessage(
    accountId: number,
    memberId: number,
    text: string,
  ): Promise<string> {
    const refs = aliasesIn(text);
    if (refs.length === 0) return text;
    const keysOf = (type: string) => refs.filter((ref) => ref.type === type).map((ref) => ref.key);
    const varIds = keysOf('var')
      .filter((key) => /^\d{1,9}$/.test(key))
      .map(Number);
    const lookups: AliasLookups = { var: await friendVarLookup(db, accountId, memberId, varIds) };
    if (keysOf('friend').length > 0)
      lookups.friend = await friendNameLookup(db, accountId, memberId);
    for (const type of ['commonVar', 'form'] as const) {
      const resolve = resolvers[type];
      const keys = keysOf(type);
      if (!resolve || keys.length === 0) continue;
      const values = await resolve(accountId, memberId, keys);
      lookups[type] = (key) => values.get(key);
    }
    return renderAliases(text, lookups);
  };
}

export type RenderMessage = ReturnType<typeof createMessageRenderer>;
