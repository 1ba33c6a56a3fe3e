import {
  FORM_TEXT,
  MESSAGES,
  VAR_FAV_GROUP_ID,
  type FormDetail,
  type Forms,
  type FriendFormAnswer,
  type PublicForm,
  type PublicFormAnswerInput,
  type VarType,
  type VarValue,
  type formInputSchema,
} from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { members } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import {
  choicesOfVars,
  parseVarValue,
  replaceFriendValues,
  varItemsOf,
  type StoredValue,
} from '../friend-info/index.js';
import { memberOfToken, newAnswerSecret, newPublicKey } from './link.js';
import * as repository from './repository.js';
import type { FormQuestionRow, FormRow } from './repository.js';

type FormInput = z.output<typeof formInputSchema>;

/**
 * Who is answering, given the form: a friend's id, or null when the caller is nobody. Reads on
 * `executor`, the caller's transaction (PGlite has one connection: another would wait forever).
 */
export type FormAnswerer = (form: FormRow, executor: Executor) => Promise<number | null>;

/** The friend a signed answer link names (decision 0151). */
export const answererOfToken =
  (token: string): FormAnswerer =>
  async (form) =>
    memberOfToken(form.answerSecret, token);

const toDetail = (row: FormRow, questions: FormQuestionRow[]): FormDetail => ({
  id: row.id,
  name: row.name,
  code: row.code,
  group_id: row.groupId,
  favorite: row.favorite,
  order: row.order,
  description: row.description,
  thanks_message: row.thanksMessage,
  accepting: row.accepting,
  public_key: row.publicKey,
  questions: questions.map((question) => ({
    id: question.id,
    var_id: question.varId,
    label: question.label,
    help: question.help,
    required: question.required,
    order: question.order,
  })),
});

async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isViolationOf(error, '23505', 'forms_code_per_account'))
      throw fieldError('code', FORM_TEXT.codeTaken);
    if (isViolationOf(error, '23505', 'form_groups_name_per_account'))
      throw fieldError('name', FORM_TEXT.groupNameTaken);
    if (isViolationOf(error, '23503', 'forms_group_id_form_groups_id_fk'))
      throw fieldError('group_id', FORM_TEXT.groupNotFound);
    throw error;
  }
}

/** A value as the friend's detail shows it afterwards: choices by name, dates with slashes. */
function answerText(value: VarValue, choiceNames: ReadonlyMap<number, string>): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map((id) => choiceNames.get(id) ?? '').join('、');
  if (typeof value === 'number' && choiceNames.has(value)) return choiceNames.get(value)!;
  return String(value);
}

/** Answer forms (decisions 0150–0152): the console's forms, and the friends' answer page. */
export function createFormsService(deps: { db: Database }) {
  const { db } = deps;

  async function form(accountId: number, id: number) {
    const row = await repository.findForm(db, accountId, id);
    if (!row) throw new NotFoundError(FORM_TEXT.notFound);
    return row;
  }

  /** The fields the questions name must be the account's, each in one question. */
  async function checkInput(accountId: number, input: FormInput) {
    if (input.group_id !== null && !(await repository.groupExists(db, accountId, input.group_id)))
      throw fieldError('group_id', FORM_TEXT.groupNotFound);
    const own = new Set((await varItemsOf(db, accountId)).map((item) => item.id));
    const errors: Record<string, string[]> = {};
    const seen = new Set<number>();
    input.questions.forEach((question, index) => {
      if (!own.has(question.var_id))
        errors[`questions.${index}.var_id`] = [FORM_TEXT.fieldNotFound];
      else if (seen.has(question.var_id))
        errors[`questions.${index}.var_id`] = [FORM_TEXT.fieldTwice];
      seen.add(question.var_id);
    });
    if (Object.keys(errors).length > 0)
      throw new ValidationError(MESSAGES.validationFailed, errors);
  }

  const values = (input: FormInput) => ({
    name: input.name,
    code: input.code,
    groupId: input.group_id,
    description: input.description,
    thanksMessage: input.thanks_message,
    accepting: input.accepting,
  });
  const questions = (input: FormInput) =>
    input.questions.map((question) => ({
      varId: question.var_id,
      label: question.label,
      help: question.help,
      required: question.required,
    }));

  /**
   * The form of a public key and the friend answering it: the one its signed token names, or
   * the one signed in on the account's booking page (decision 0172) — the account's own friend.
   */
  async function publicTarget(tx: Executor, publicKey: string, who: FormAnswerer) {
    const row = await repository.findFormByPublicKey(tx, publicKey);
    if (!row) throw new NotFoundError(FORM_TEXT.linkInvalid);
    const memberId = await who(row, tx);
    if (memberId === null) throw new NotFoundError(FORM_TEXT.linkInvalid);
    const [friend] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.accountId, row.accountId), eq(members.id, memberId)));
    if (!friend) throw new NotFoundError(FORM_TEXT.linkInvalid);
    return { row, memberId };
  }

  /** The questions with their fields' types and choices. */
  async function questionsWithFields(tx: Executor, row: FormRow) {
    const list = await repository.questionsOf(tx, row.id);
    const items = new Map((await varItemsOf(tx, row.accountId)).map((item) => [item.id, item]));
    const choices = await choicesOfVars(
      tx,
      list.map((question) => question.varId),
    );
    return list.map((question) => ({
      question,
      type: items.get(question.varId)!.type as VarType,
      choices: choices
        .filter((choice) => choice.varId === question.varId)
        .map((choice) => ({ id: choice.id, name: choice.name })),
    }));
  }

  async function get(accountId: number, id: number): Promise<FormDetail> {
    const row = await form(accountId, id);
    return toDetail(row, await repository.questionsOf(db, id));
  }

  return {
    /** REF-11/12/13: folders (`fav` first), every form, every id in order. */
    async forms(accountId: number): Promise<Forms> {
      const [groups, rows] = await Promise.all([
        repository.listGroups(db, accountId),
        repository.listForms(db, accountId),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        name: row.name,
        code: row.code,
        group_id: row.groupId,
        favorite: row.favorite,
        order: row.order,
      }));
      const idsOf = (groupId: number) =>
        items.filter((item) => item.group_id === groupId).map((item) => item.id);
      return {
        groups: [
          {
            id: VAR_FAV_GROUP_ID,
            name: FORM_TEXT.favGroup,
            order: 0,
            ids: items.filter((item) => item.favorite).map((item) => item.id),
          },
          ...groups.map((group) => ({ ...group, ids: idsOf(group.id) })),
        ],
        items,
        ids: items.map((item) => item.id),
      };
    },

    get,

    async create(accountId: number, input: FormInput): Promise<number> {
      await checkInput(accountId, input);
      return guardWrite(() =>
        db.transaction(async (tx) => {
          const id = await repository.insertForm(tx, accountId, {
            ...values(input),
            publicKey: newPublicKey(),
            answerSecret: newAnswerSecret(),
          });
          await repository.replaceQuestions(tx, id, questions(input));
          return id;
        }),
      );
    },

    async update(accountId: number, id: number, input: FormInput): Promise<FormDetail> {
      const current = await form(accountId, id);
      await checkInput(accountId, input);
      await guardWrite(() =>
        db.transaction(async (tx) => {
          await repository.updateForm(tx, accountId, id, {
            ...values(input),
            moved: current.groupId !== input.group_id,
          });
          await repository.replaceQuestions(tx, id, questions(input));
        }),
      );
      return get(accountId, id);
    },

    async setFavorite(accountId: number, id: number, favorite: boolean) {
      if (!(await repository.setFavorite(db, accountId, id, favorite)))
        throw new NotFoundError(FORM_TEXT.notFound);
    },

    /** The form, its questions and its answers (the friends' values stay theirs). */
    async remove(accountId: number, id: number) {
      if (!(await repository.deleteForm(db, accountId, id)))
        throw new NotFoundError(FORM_TEXT.notFound);
    },

    createGroup: (accountId: number, name: string) =>
      guardWrite(() => repository.insertGroup(db, accountId, name)),

    async renameGroup(accountId: number, id: number, name: string) {
      const found = await guardWrite(() => repository.renameGroup(db, accountId, id, name));
      if (!found) throw new NotFoundError(FORM_TEXT.groupNotFound);
    },

    async removeGroup(accountId: number, id: number) {
      await db.transaction(async (tx) => {
        const held = await repository.lockGroupWithCount(tx, accountId, id);
        if (held === undefined) throw new NotFoundError(FORM_TEXT.groupNotFound);
        if (held > 0) throw new ConflictError(FORM_TEXT.groupHasForms(held));
        await repository.deleteGroup(tx, accountId, id);
      });
    },

    /** A friend's link to the form (to send them by hand); the friend must be the account's. */
    async linkFor(accountId: number, id: number, friendId: number) {
      const row = await form(accountId, id);
      const [friend] = await db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.id, friendId)));
      if (!friend) throw new NotFoundError(FORM_TEXT.friendNotFound);
      return row;
    },

    async answersOfFriend(accountId: number, friendId: number): Promise<FriendFormAnswer[]> {
      const [friend] = await db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.id, friendId)));
      if (!friend) throw new NotFoundError(FORM_TEXT.friendNotFound);
      return (await repository.answersOfFriend(db, friendId)).map((row) => ({
        id: row.id,
        form_id: row.formId,
        form_name: row.formName,
        answered_at: row.answeredAt.toISOString(),
        answers: row.answers,
      }));
    },

    /** The public page's form for the friend of the token (404 for a link not the form's). */
    async publicForm(publicKey: string, who: FormAnswerer): Promise<PublicForm> {
      const { row } = await publicTarget(db, publicKey, who);
      return {
        name: row.name,
        description: row.description,
        accepting: row.accepting,
        questions: (await questionsWithFields(db, row)).map(({ question, type, choices }) => ({
          id: question.id,
          label: question.label,
          help: question.help,
          required: question.required,
          type,
          choices,
        })),
      };
    },

    /**
     * The friend's answers (decision 0152): each checked with the friend-information rules of
     * its field, required ones present; then, in one transaction, written as the friend's values
     * and kept as a submission for their detail page. All or nothing.
     */
    async answer(publicKey: string, who: FormAnswerer, input: PublicFormAnswerInput) {
      return db.transaction(async (tx) => {
        const { row, memberId } = await publicTarget(tx, publicKey, who);
        if (!row.accepting) throw new ConflictError(FORM_TEXT.closed);
        const fields = await questionsWithFields(tx, row);
        const given = new Map(input.answers.map((answer) => [answer.question_id, answer.value]));
        const errors: Record<string, string[]> = {};
        for (const answer of input.answers)
          if (!fields.some(({ question }) => question.id === answer.question_id))
            errors[`answers.${answer.question_id}`] = [FORM_TEXT.questionUnknown];
        const rows: (StoredValue & { varId: number })[] = [];
        const varIds: number[] = [];
        const shown: { question: string; answer: string }[] = [];
        for (const { question, type, choices } of fields) {
          const value = given.get(question.id) ?? null;
          const empty =
            value === null || value === '' || (Array.isArray(value) && value.length === 0);
          if (empty) {
            if (question.required)
              errors[`answers.${question.id}`] = [FORM_TEXT.required(question.label)];
            continue;
          }
          const parsed = parseVarValue(
            { name: question.label, type },
            new Set(choices.map((choice) => choice.id)),
            value,
          );
          if ('error' in parsed) {
            errors[`answers.${question.id}`] = [parsed.error];
            continue;
          }
          varIds.push(question.varId);
          rows.push(...parsed.rows.map((stored) => ({ varId: question.varId, ...stored })));
          const names = new Map(choices.map((choice) => [choice.id, choice.name]));
          shown.push({ question: question.label, answer: answerText(value, names) });
        }
        if (Object.keys(errors).length > 0)
          throw new ValidationError(MESSAGES.validationFailed, errors);
        await replaceFriendValues(tx, memberId, varIds, rows);
        await repository.insertAnswer(tx, { formId: row.id, memberId, answers: shown });
        return { thanks_message: row.thanksMessage || FORM_TEXT.answered };
      });
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
