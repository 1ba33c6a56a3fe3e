import { describe, expect, it } from 'vitest';
import type { Varia, VarType } from './friend-info.js';
import { buildInsertables, friendAliasText, isTranslatableVarType } from './insertables.js';
import { renderAliases } from './message-aliases.js';
import type { CommonVars, Forms } from './reference-shapes.js';

const varia: Varia = {
  groups: [
    { id: 'fav', name: 'お気に入り', order: 0, ids: [3] },
    { id: 10, name: '基本', order: 1, ids: [1, 3] },
  ],
  items: [
    { id: 1, name: '誕生日', type: 'date', group_id: 10, favorite: false, order: 1 },
    { id: 3, name: '好きな色', type: 'choice', group_id: 10, favorite: true, order: 2 },
    { id: 4, name: 'メモ', type: 'text', group_id: null, favorite: false, order: 1 },
  ],
  ids: [1, 3, 4],
};
const commonVars: CommonVars = {
  groups: [{ id: 'fav', name: 'お気に入り', order: 0, ids: [] }],
  items: [
    {
      id: 7,
      name: '店舗電話',
      type: 'text',
      group_id: null,
      favorite: false,
      code: 'shop_phone',
      value: '03-0000-0000',
      order: 1,
    },
  ],
  ids: [7],
};
const forms: Forms = {
  groups: [
    { id: 'fav', name: 'お気に入り', order: 0, ids: [] },
    { id: 20, name: 'アンケート', order: 1, ids: [9] },
  ],
  items: [
    {
      id: 9,
      name: '来店後アンケート',
      code: 'after_visit',
      group_id: 20,
      favorite: false,
      order: 1,
    },
  ],
  ids: [9],
};

describe('rich-editor insertables', () => {
  it('REF-14 builds alias entries per group: friend information (var), common information (commonVar), forms (form)', () => {
    const groups = buildInsertables({ varia, commonVars, forms });
    expect(groups.map((group) => [group.type, group.name])).toEqual([
      ['var', 'お気に入り'],
      ['var', '基本'],
      ['var', '未分類'],
      ['commonVar', '未分類'],
      ['form', 'アンケート'],
    ]);
    // Empty groups (common information's お気に入り, forms' お気に入り) are not offered.
    expect(groups.flatMap((group) => group.entries.map((entry) => entry.alias))).toEqual([
      '{{var:3}}',
      '{{var:1}}',
      '{{var:3}}',
      '{{var:4}}',
      '{{commonVar:shop_phone}}',
      '{{form:after_visit}}',
    ]);
  });

  it('REF-15 each entry carries the group name, item name, its type (var) or code (commonVar, form) and its order', () => {
    const groups = buildInsertables({ varia, commonVars, forms });
    expect(groups[1]!.entries).toEqual([
      {
        type: 'var',
        group: '基本',
        name: '誕生日',
        itemType: 'date',
        order: 1,
        alias: '{{var:1}}',
      },
      {
        type: 'var',
        group: '基本',
        name: '好きな色',
        itemType: 'choice',
        order: 2,
        alias: '{{var:3}}',
      },
    ]);
    expect(groups[3]!.entries).toEqual([
      {
        type: 'commonVar',
        group: '未分類',
        name: '店舗電話',
        code: 'shop_phone',
        order: 1,
        alias: '{{commonVar:shop_phone}}',
      },
    ]);
    expect(groups[4]!.entries[0]).toMatchObject({ type: 'form', code: 'after_visit', order: 1 });
  });

  it('REF-16 only friend-information items of translatable types are offered', () => {
    expect(['text', 'number', 'date', 'choice', 'multi_choice'].every(isTranslatableVarType)).toBe(
      true,
    );
    expect(isTranslatableVarType('image')).toBe(false);
    // A type this client cannot write into a message (e.g. one a newer server adds) is left out.
    const withImage: Varia = {
      ...varia,
      groups: [{ id: 10, name: '基本', order: 1, ids: [1, 5] }],
      items: [
        varia.items[0]!,
        { id: 5, name: '写真', type: 'image' as VarType, group_id: 10, favorite: false, order: 2 },
      ],
    };
    const groups = buildInsertables({ varia: withImage });
    expect(groups.flatMap((group) => group.entries.map((entry) => entry.name))).toEqual(['誕生日']);
  });

  it('REF-14 a source not loaded or not permitted (REF-30) simply offers nothing', () => {
    expect(buildInsertables({})).toEqual([]);
    expect(buildInsertables({ forms }).map((group) => group.type)).toEqual(['form']);
  });

  it('the friend’s LINE display name is offered first when asked for, with a 様 form that falls back to お客様', () => {
    const groups = buildInsertables({ varia, friend: true });
    expect(groups[0]).toEqual({
      type: 'friend',
      name: 'LINEのプロフィール',
      entries: [
        {
          type: 'friend',
          group: 'LINEのプロフィール',
          name: '表示名',
          code: 'name',
          order: 1,
          alias: '{{friend:name}}',
        },
        {
          type: 'friend',
          group: 'LINEのプロフィール',
          name: '表示名＋様（なければ「お客様」）',
          code: 'name_sama',
          order: 2,
          alias: '{{friend:name_sama}}',
        },
      ],
    });
    expect(groups[1]?.type).toBe('var');
    const render = (name: string) =>
      renderAliases('{{friend:name_sama}}、はじめまして。{{friend:name}}', {
        friend: (key) => friendAliasText(key, name),
      });
    expect(render('佐藤 美咲')).toBe('佐藤 美咲様、はじめまして。佐藤 美咲');
    expect(render('  ')).toBe('お客様、はじめまして。');
  });
});
