import { VAR_TYPES, type VarType, type Varia } from './friend-info.js';
import type { CommonVars, Forms, ReferenceGroup } from './reference-shapes.js';

/**
 * Rich-editor insertables (REF-14..16, decision 0156): what a message editor offers to insert —
 * friend information (`var`), common information (`commonVar`) and forms (`form`), and the
 * friend's LINE display name (`friend`, decision 0287) — as alias
 * entries per group. The alias text is what the editor inserts into the message; sending the
 * message replaces it with the friend's value (message-aliases.ts).
 */
export const ALIAS_TYPES = ['var', 'commonVar', 'form', 'friend'] as const;
export type AliasType = (typeof ALIAS_TYPES)[number];

/**
 * REF-16: the friend-information types whose value can be written into a message as text
 * (a date as 2026年11月24日, a choice as its name, several choices joined with '、'). Every type
 * must say so here; a type not listed (e.g. one a newer server sends) is never offered.
 */
export const TRANSLATABLE_VAR_TYPES: Record<VarType, boolean> = {
  text: true,
  number: true,
  date: true,
  choice: true,
  multi_choice: true,
};

export const isTranslatableVarType = (type: string): type is VarType =>
  (VAR_TYPES as readonly string[]).includes(type) && TRANSLATABLE_VAR_TYPES[type as VarType];

/**
 * The friend's own LINE profile (issue 28, decision 0287): `{{friend:name}}` is the display
 * name LINE gave (empty when it gave none); `{{friend:name_sama}}` adds 様 and falls back to
 * 「お客様」, so 「{{friend:name_sama}}、はじめまして」 never reads 「様、はじめまして」.
 */
export const FRIEND_ALIASES = {
  name: '表示名',
  name_sama: '表示名＋様（なければ「お客様」）',
} as const;
export type FriendAliasKey = keyof typeof FRIEND_ALIASES;
export const FRIEND_ALIAS_GROUP = 'LINEのプロフィール';
export const FRIEND_NAME_FALLBACK = 'お客様';

/** The text of a friend alias for a display name ('' when LINE gave none). */
export function friendAliasText(key: string, displayName: string): string | undefined {
  const name = displayName.trim();
  if (key === 'name') return name;
  if (key === 'name_sama') return name === '' ? FRIEND_NAME_FALLBACK : `${name}様`;
  return undefined;
}

/** The alias of one item: `{{var:12}}`, `{{commonVar:shop_phone}}`, `{{form:entry}}`. */
export const aliasText = (type: AliasType, key: string | number) => `{{${type}:${key}}}`;

type EntryBase = {
  /** The group's name (a folder, お気に入り, or 未分類). */
  group: string;
  /** The item's name. */
  name: string;
  /** 1-based position in its group, as the group lists it. */
  order: number;
  /** What the editor inserts. */
  alias: string;
};
/** REF-15: friend information carries its type, common information and forms their code. */
export type AliasEntry =
  | (EntryBase & { type: 'var'; itemType: VarType })
  | (EntryBase & { type: 'commonVar' | 'form' | 'friend'; code: string });

export type InsertableGroup = { type: AliasType; name: string; entries: AliasEntry[] };

export const INSERTABLE_UNGROUPED = '未分類';

type Source<Item> = { groups: ReferenceGroup[]; items: Item[] };

/** The groups in their order with their items, then 未分類 for items in no folder; empty ones dropped. */
function grouped<Item extends { id: number; group_id: number | null }>(
  source: Source<Item>,
  offered: (item: Item) => boolean,
): { name: string; items: Item[] }[] {
  const byId = new Map(source.items.filter(offered).map((item) => [item.id, item]));
  const groups = source.groups.map((group) => ({
    name: group.name,
    items: group.ids.flatMap((id) => byId.get(id) ?? []),
  }));
  const ungrouped = source.items.filter((item) => item.group_id === null && byId.has(item.id));
  return [...groups, { name: INSERTABLE_UNGROUPED, items: ungrouped }].filter(
    (group) => group.items.length > 0,
  );
}

/**
 * REF-14..16: the insertable alias entries per group — friend information first, then common
 * information, then forms. Any source may be missing (not loaded, or not permitted: REF-30).
 */
export function buildInsertables(sources: {
  varia?: Varia | undefined;
  commonVars?: CommonVars | undefined;
  forms?: Forms | undefined;
  /** Offer the friend's LINE display name first (every message to a friend can use it). */
  friend?: boolean;
}): InsertableGroup[] {
  const result: InsertableGroup[] = [];
  if (sources.friend)
    result.push({
      type: 'friend',
      name: FRIEND_ALIAS_GROUP,
      entries: (Object.keys(FRIEND_ALIASES) as FriendAliasKey[]).map((key, index) => ({
        type: 'friend',
        group: FRIEND_ALIAS_GROUP,
        name: FRIEND_ALIASES[key],
        code: key,
        order: index + 1,
        alias: aliasText('friend', key),
      })),
    });
  if (sources.varia)
    for (const group of grouped(sources.varia, (item) => isTranslatableVarType(item.type)))
      result.push({
        type: 'var',
        name: group.name,
        entries: group.items.map((item, index) => ({
          type: 'var',
          group: group.name,
          name: item.name,
          itemType: item.type,
          order: index + 1,
          alias: aliasText('var', item.id),
        })),
      });
  for (const type of ['commonVar', 'form'] as const) {
    const source = type === 'commonVar' ? sources.commonVars : sources.forms;
    if (!source) continue;
    for (const group of grouped<{
      id: number;
      group_id: number | null;
      name: string;
      code: string;
    }>(source, () => true))
      result.push({
        type,
        name: group.name,
        entries: group.items.map((item, index) => ({
          type,
          group: group.name,
          name: item.name,
          code: item.code,
          order: index + 1,
          alias: aliasText(type, item.code),
        })),
      });
  }
  return result;
}
