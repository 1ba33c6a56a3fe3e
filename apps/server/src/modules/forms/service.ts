import {
  FORM_TEXT,
  MESSAGES,
  VAR_FAV_GROUP_ID,
  type FormDetail,
  type Forms,
  type formInputSchema,
} from '@tsunagu/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { varItemsOf } from '../friend-info/index.js';
import { newAnswerSecret, newPublicKey } from './link.js';
import * as repository from './repository.js';
import type { FormQuestionRow, FormRow } from './repository.js';

type FormInput = z.output<typeof formInputSchema>;

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

/** Answer forms in the console (decisions 0150–0151); the answers have `answer-service.ts`. */
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
      if (!(await repository.isFriendOf(db, accountId, friendId)))
        throw new NotFoundError(FORM_TEXT.friendNotFound);
      return row;
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
