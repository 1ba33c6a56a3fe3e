import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { formAnswers, formGroups, formQuestions, forms, members } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import { recordFriendEvent } from '../friend-events/index.js';
import type { Executor } from '../../db/types.js';

/** Forms, questions and answers. Every console query takes the account id. */

export type FormRow = typeof forms.$inferSelect;
export type FormQuestionRow = typeof formQuestions.$inferSelect;

export async function listGroups(db: Executor, accountId: number) {
  return db
    .select({ id: formGroups.id, name: formGroups.name, order: formGroups.order })
    .from(formGroups)
    .where(eq(formGroups.accountId, accountId))
    .orderBy(asc(formGroups.order), asc(formGroups.id));
}

export async function listForms(db: Executor, accountId: number): Promise<FormRow[]> {
  return db
    .select()
    .from(forms)
    .where(eq(forms.accountId, accountId))
    .orderBy(
      sql`(select ${formGroups.order} from ${formGroups} where ${formGroups.id} = ${forms.groupId}) asc nulls last`,
      asc(forms.order),
      asc(forms.id),
    );
}

export async function findForm(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.accountId, accountId), eq(forms.id, id)));
  return row;
}

export async function findFormByPublicKey(db: Executor, publicKey: string) {
  const [row] = await db.select().from(forms).where(eq(forms.publicKey, publicKey));
  return row;
}

export async function formsByCode(db: Executor, accountId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(forms)
    .where(and(eq(forms.accountId, accountId), inArray(forms.code, codes)));
}

export async function questionsOf(db: Executor, formId: number): Promise<FormQuestionRow[]> {
  return db
    .select()
    .from(formQuestions)
    .where(eq(formQuestions.formId, formId))
    .orderBy(asc(formQuestions.order));
}

export async function groupExists(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ id: formGroups.id })
    .from(formGroups)
    .where(and(eq(formGroups.accountId, accountId), eq(formGroups.id, id)));
  return row !== undefined;
}

async function nextOrder(db: Executor, accountId: number, groupId: number | null) {
  const [last] = await db
    .select({ value: max(forms.order) })
    .from(forms)
    .where(
      and(
        eq(forms.accountId, accountId),
        groupId === null ? isNull(forms.groupId) : eq(forms.groupId, groupId),
      ),
    );
  return (last?.value ?? 0) + 1;
}

export type FormValues = {
  name: string;
  code: string;
  groupId: number | null;
  description: string;
  thanksMessage: string;
  accepting: boolean;
};
export type QuestionValues = { varId: number; label: string; help: string; required: boolean };

export async function insertForm(
  db: Executor,
  accountId: number,
  values: FormValues & { publicKey: string; answerSecret: string },
) {
  const order = await nextOrder(db, accountId, values.groupId);
  return insertReturningId(db, forms, { accountId, ...values, order });
}

export async function updateForm(
  db: Executor,
  accountId: number,
  id: number,
  values: FormValues & { moved: boolean },
) {
  const { moved, ...rest } = values;
  const order = moved ? await nextOrder(db, accountId, values.groupId) : undefined;
  await db
    .update(forms)
    .set({ ...rest, ...(order ? { order } : {}), updatedAt: sql`now()` })
    .where(and(eq(forms.accountId, accountId), eq(forms.id, id)));
}

/** The questions as a whole, in order (answers already given keep their own copy). */
export async function replaceQuestions(db: Executor, formId: number, questions: QuestionValues[]) {
  await db.delete(formQuestions).where(eq(formQuestions.formId, formId));
  await db
    .insert(formQuestions)
    .values(questions.map((question, index) => ({ ...question, formId, order: index + 1 })));
}

export async function setFavorite(db: Executor, accountId: number, id: number, favorite: boolean) {
  const rows = await db
    .update(forms)
    .set({ favorite })
    .where(and(eq(forms.accountId, accountId), eq(forms.id, id)))
    .returning({ id: forms.id });
  return rows.length > 0;
}

export async function deleteForm(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(forms)
    .where(and(eq(forms.accountId, accountId), eq(forms.id, id)))
    .returning({ id: forms.id });
  return rows.length > 0;
}

export async function insertGroup(db: Executor, accountId: number, name: string) {
  const [last] = await db
    .select({ value: max(formGroups.order) })
    .from(formGroups)
    .where(eq(formGroups.accountId, accountId));
  return insertReturningId(db, formGroups, { accountId, name, order: (last?.value ?? 0) + 1 });
}

export async function renameGroup(db: Executor, accountId: number, id: number, name: string) {
  const rows = await db
    .update(formGroups)
    .set({ name })
    .where(and(eq(formGroups.accountId, accountId), eq(formGroups.id, id)))
    .returning({ id: formGroups.id });
  return rows.length > 0;
}

export async function lockGroupWithCount(db: Executor, accountId: number, id: number) {
  const [group] = await db
    .select({ id: formGroups.id })
    .from(formGroups)
    .where(and(eq(formGroups.accountId, accountId), eq(formGroups.id, id)))
    .for('update');
  if (!group) return undefined;
  const [row] = await db.select({ n: count() }).from(forms).where(eq(forms.groupId, id));
  return row?.n ?? 0;
}

export async function deleteGroup(db: Executor, accountId: number, id: number) {
  await db
    .delete(formGroups)
    .where(and(eq(formGroups.accountId, accountId), eq(formGroups.id, id)));
}

export async function insertAnswer(
  db: Executor,
  values: { formId: number; memberId: number; answers: { question: string; answer: string }[] },
) {
  const id = await insertReturningId(db, formAnswers, values);
  // The friends log (decision 0360), in the answer's transaction.
  await recordFriendEvent(db, {
    memberId: values.memberId,
    kind: 'form_answered',
    refId: values.formId,
  });
  return id;
}

/** A friend's submissions, newest first, with the form's name. */
export async function answersOfFriend(db: Executor, memberId: number) {
  return db
    .select({
      id: formAnswers.id,
      formId: formAnswers.formId,
      formName: forms.name,
      answeredAt: formAnswers.answeredAt,
      answers: formAnswers.answers,
    })
    .from(formAnswers)
    .innerJoin(forms, eq(forms.id, formAnswers.formId))
    .where(eq(formAnswers.memberId, memberId))
    .orderBy(desc(formAnswers.answeredAt), desc(formAnswers.id))
    .limit(50);
}

/** Whether the friend is the account's (another account's or an unknown id: false). */
export async function isFriendOf(db: Executor, accountId: number, memberId: number) {
  const [friend] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, memberId)));
  return friend !== undefined;
}
