import { inArray } from 'drizzle-orm';
import {
  formAnswers,
  formGroups,
  formQuestions,
  forms,
  memberVarValues,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { newAnswerSecret, newPublicKey } from './link.js';

/** A friend-information field a demo question fills: its id, type and choices by name. */
export type DemoFormField = {
  id: number;
  type: 'text' | 'number' | 'date' | 'choice' | 'multi_choice';
  choices: Record<string, number>;
};

type DemoQuestion = { label: string; field: DemoFormField; required: boolean; help?: string };

const DAY_MS = 86_400_000;

/** What a friend's stored values read as on the answer list (as the answer page records them). */
function answerOf(question: DemoQuestion, rows: (typeof memberVarValues.$inferSelect)[]): string {
  const own = rows.filter((row) => row.varId === question.field.id);
  const names = new Map(Object.entries(question.field.choices).map(([name, id]) => [id, name]));
  return own
    .map((row) =>
      row.choiceId !== null
        ? (names.get(row.choiceId) ?? '')
        : (row.textValue ?? row.dateValue ?? String(row.numberValue ?? '')),
    )
    .join('、');
}

/**
 * The demo's forms (decision 0150): the first-visit counselling sheet, whose answers fill the
 * friend information, answered by the first friends (their answers read from the values they
 * have, so the answer list and the friend's page agree), and a closed survey in a folder.
 */
export async function seedDemoForms(
  tx: Executor,
  input: {
    accountId: number;
    memberIds: readonly number[];
    fields: {
      length: DemoFormField;
      worries: DemoFormField;
      birthday: DemoFormField;
      notes: DemoFormField;
      referrer: DemoFormField;
    };
  },
): Promise<{ counselling: { id: number; code: string } }> {
  const { accountId, memberIds, fields } = input;
  const [group] = await tx
    .insert(formGroups)
    .values({ accountId, name: 'アンケート・キャンペーン', order: 1 })
    .returning({ id: formGroups.id });
  const made = await tx
    .insert(forms)
    .values([
      {
        accountId,
        groupId: null,
        name: '初回カウンセリングシート',
        code: 'counseling',
        publicKey: newPublicKey(),
        answerSecret: newAnswerSecret(),
        description: 'ご来店前にご記入ください。当日のご提案に役立てます（所要1分）。',
        thanksMessage: 'ご回答ありがとうございました。ご来店をお待ちしております。',
        favorite: true,
        order: 1,
      },
      {
        accountId,
        groupId: group?.id ?? null,
        name: '冬のキャンペーン アンケート',
        code: 'winter_survey',
        publicKey: newPublicKey(),
        answerSecret: newAnswerSecret(),
        description: 'キャンペーンのご感想をお聞かせください。',
        thanksMessage: 'ご協力ありがとうございました。',
        accepting: false,
        order: 1,
      },
    ])
    .returning({ id: forms.id, code: forms.code });
  const [counselling, survey] = made;
  if (!counselling || !survey) throw new Error('seed: forms not created');
  const sheet: DemoQuestion[] = [
    { label: '髪の長さ', field: fields.length, required: true },
    { label: '髪のお悩み（いくつでも）', field: fields.worries, required: false },
    { label: 'お誕生日', field: fields.birthday, required: false, help: '誕生月に特典があります' },
    {
      label: 'アレルギーや施術で気をつけることはありますか？',
      field: fields.notes,
      required: false,
    },
  ];
  await tx.insert(formQuestions).values([
    ...sheet.map((question, index) => ({
      formId: counselling.id,
      varId: question.field.id,
      label: question.label,
      help: question.help ?? '',
      required: question.required,
      order: index + 1,
    })),
    { formId: survey.id, varId: fields.referrer.id, label: '当店を知ったきっかけ', order: 1 },
  ]);

  const answering = memberIds.slice(0, 40).filter((_, index) => index % 8 !== 7);
  if (answering.length === 0) return { counselling };
  const values = await tx
    .select()
    .from(memberVarValues)
    .where(inArray(memberVarValues.memberId, answering));
  const now = Date.now();
  await tx.insert(formAnswers).values(
    answering.map((memberId, index) => {
      const own = values.filter((row) => row.memberId === memberId);
      return {
        formId: counselling.id,
        memberId,
        answers: sheet.map((question) => ({
          question: question.label,
          answer: answerOf(question, own),
        })),
        answeredAt: new Date(now - ((index * 13) % 90) * DAY_MS - index * 3_600_000),
      };
    }),
  );
  return { counselling };
}
