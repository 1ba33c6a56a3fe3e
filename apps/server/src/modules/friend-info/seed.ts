import { memberVarValues, varChoices, varGroups, varItems } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

type FieldType = 'text' | 'number' | 'date' | 'choice' | 'multi_choice';
type DemoField = { name: string; type: FieldType; group: string | null; choices?: string[] };

/** The demo salon's friend information: a field of every type, two with their choices. */
const DEMO_FIELDS = [
  { name: 'お誕生日', type: 'date', group: 'お客さま情報' },
  {
    name: '髪の長さ',
    type: 'choice',
    group: 'お客さま情報',
    choices: ['ショート', 'ボブ', 'ミディアム', 'ロング'],
  },
  {
    name: '髪のお悩み',
    type: 'multi_choice',
    group: 'お客さま情報',
    choices: ['ダメージ', '白髪', 'くせ毛', '頭皮のかゆみ', 'ボリュームが出ない'],
  },
  { name: 'ご来店回数', type: 'number', group: 'お客さま情報' },
  { name: 'アレルギー・注意事項', type: 'text', group: 'カウンセリング' },
  { name: 'ご紹介者', type: 'text', group: null },
] as const satisfies readonly DemoField[];

export type DemoFieldName = (typeof DEMO_FIELDS)[number]['name'];
export type DemoFields = Record<DemoFieldName, { id: number; choices: Record<string, number> }>;

const NOTES = ['特になし', 'ジアミン系カラー剤でかぶれたことあり', '妊娠中（香料控えめ希望）'];
const REFERRERS = ['Instagram', 'ホットペッパービューティー', 'ご家族のご紹介'];

type ValueRow = typeof memberVarValues.$inferInsert;

/** What the friend at `index` told the salon: most gave something, some nothing at all. */
function valuesOfFriend(memberId: number, index: number, fields: DemoFields): ValueRow[] {
  if (index % 8 === 7) return [];
  const none = { textValue: null, numberValue: null, dateValue: null, choiceId: null };
  const row = (name: DemoFieldName, value: Partial<ValueRow>): ValueRow => ({
    ...none,
    memberId,
    varId: fields[name].id,
    ...value,
  });
  const choice = (name: '髪の長さ' | '髪のお悩み', position: number) => {
    const ids = Object.values(fields[name].choices);
    return ids[position % ids.length]!;
  };
  const rows = [
    row('ご来店回数', { numberValue: ((index * 7) % 15) + 1 }),
    row('髪の長さ', { choiceId: choice('髪の長さ', index) }),
  ];
  if (index % 3 !== 2) {
    const month = String((index % 12) + 1).padStart(2, '0');
    const day = String((index % 28) + 1).padStart(2, '0');
    rows.push(row('お誕生日', { dateValue: `${1970 + (index % 36)}-${month}-${day}` }));
  }
  rows.push(row('髪のお悩み', { choiceId: choice('髪のお悩み', index) }));
  if (index % 3 === 0) rows.push(row('髪のお悩み', { choiceId: choice('髪のお悩み', index + 2) }));
  if (index % 5 === 0) rows.push(row('アレルギー・注意事項', { textValue: NOTES[index % 3]! }));
  if (index % 11 === 0) rows.push(row('ご紹介者', { textValue: REFERRERS[index % 3]! }));
  return rows;
}

/**
 * The demo's friend information (decision 0140) and what friends gave, one insert per table.
 * Answers each field's id and its choices' ids by name.
 */
export async function seedDemoFriendInfo(
  tx: Executor,
  accountId: number,
  memberIds: readonly number[],
): Promise<DemoFields> {
  const groupNames = [...new Set(DEMO_FIELDS.map((field) => field.group))].filter(
    (name): name is NonNullable<typeof name> => name !== null,
  );
  const groups = await tx
    .insert(varGroups)
    .values(groupNames.map((name, index) => ({ accountId, name, order: index + 1 })))
    .returning({ id: varGroups.id, name: varGroups.name });
  const groupId = new Map(groups.map((group) => [group.name, group.id]));
  const orderIn = new Map<string | null, number>();
  const items = await tx
    .insert(varItems)
    .values(
      DEMO_FIELDS.map((field) => {
        const order = (orderIn.get(field.group) ?? 0) + 1;
        orderIn.set(field.group, order);
        return {
          accountId,
          groupId: field.group === null ? null : (groupId.get(field.group) ?? null),
          name: field.name,
          type: field.type,
          favorite: field.name === 'お誕生日',
          order,
        };
      }),
    )
    .returning({ id: varItems.id, name: varItems.name });
  const itemId = new Map(items.map((item) => [item.name, item.id]));
  const choices = await tx
    .insert(varChoices)
    .values(
      DEMO_FIELDS.flatMap((field) =>
        ('choices' in field ? field.choices : []).map((name, index) => ({
          varId: itemId.get(field.name)!,
          name,
          order: index + 1,
        })),
      ),
    )
    .returning({ id: varChoices.id, varId: varChoices.varId, name: varChoices.name });
  const fields = Object.fromEntries(
    DEMO_FIELDS.map((field) => {
      const id = itemId.get(field.name)!;
      const own = choices.filter((choice) => choice.varId === id);
      return [field.name, { id, choices: Object.fromEntries(own.map((c) => [c.name, c.id])) }];
    }),
  ) as DemoFields;
  const values = memberIds.flatMap((memberId, index) => valuesOfFriend(memberId, index, fields));
  if (values.length > 0) await tx.insert(memberVarValues).values(values);
  return fields;
}
