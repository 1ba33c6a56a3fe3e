import {
  FORM_TEXT,
  MESSAGES,
  type FriendFormAnswer,
  type PublicForm,
  type PublicFormAnswerInput,
  type VarType,
  type VarValue,
} from '@tsunagu/contracts';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import {
  choicesOfVars,
  parseVarValue,
  replaceFriendValues,
  varItemsOf,
  type StoredValue,
} from '../friend-info/index.js';
import { memberOfToken } from './link.js';
import * as repository from './repository.js';
import type { FormRow } from './repository.js';

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

/** A value as the friend's detail shows it afterwards: choices by name, dates with slashes. */
function answerText(value: VarValue, choiceNames: ReadonlyMap<number, string>): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map((id) => choiceNames.get(id) ?? '').join('、');
  if (typeof value === 'number' && choiceNames.has(value)) return choiceNames.get(value)!;
  return String(value);
}

/** Friends' answers (decisions 0151, 0152, 0172): the answer page, and a friend's answers. */
export function createFormAnswersService(deps: { db: Database }) {
  const { db } = deps;

  /**
   * The form of a public key and the friend answering it: the one its signed token names, or
   * the one signed in on the account's booking page (decision 0172) — the account's own friend.
   */
  async function publicTarget(tx: Executor, publicKey: string, who: FormAnswerer) {
    const row = await repository.findFormByPublicKey(tx, publicKey);
    if (!row) throw new NotFoundError(FORM_TEXT.linkInvalid);
    const memberId = await who(row, tx);
    if (memberId === null) throw new NotFoundError(FORM_TEXT.linkInvalid);
    if (!(await repository.isFriendOf(tx, row.accountId, memberId)))
      throw new NotFoundError(FORM_TEXT.linkInvalid);
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

  return {
    async answersOfFriend(accountId: number, friendId: number): Promise<FriendFormAnswer[]> {
      if (!(await repository.isFriendOf(db, accountId, friendId)))
        throw new NotFoundError(FORM_TEXT.friendNotFound);
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

export type FormAnswersService = ReturnType<typeof createFormAnswersService>;
