import {
  EVENT_MESSAGES,
  MESSAGES,
  type EventQuestion,
  type EventQuestionField,
  type VarType,
  type VarValue,
} from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { ValidationError } from '../../lib/errors.js';
import {
  choicesOfVars,
  friendInfoItemsByIds,
  parseVarValue,
  replaceFriendValues,
  type StoredValue,
} from '../friend-info/index.js';

export interface CheckedAnswers {
  /** What the reservation keeps: `[{ var_id, label, text }]`. */
  snapshot: { var_id: number; label: string; text: string }[];
  varIds: number[];
  rows: (StoredValue & { varId: number })[];
}

/**
 * The friend's answers to the event's questions (decision 0315), checked as friend information
 * is (its type and choices): a required question left empty or a wrong value is a 422 naming the
 * question, keyed `answers.{var_id}`; an answer to no question of the event is refused.
 */
export async function checkAnswers(
  db: Executor,
  accountId: number,
  questions: readonly EventQuestion[],
  answers: Record<string, VarValue>,
): Promise<CheckedAnswers> {
  const errors: Record<string, string[]> = {};
  const asked = new Set(questions.map((question) => String(question.var_id)));
  for (const key of Object.keys(answers))
    if (!asked.has(key)) errors[`answers.${key}`] = [EVENT_MESSAGES.answers];
  const varIds = questions.map((question) => question.var_id);
  const items = new Map(
    (await friendInfoItemsByIds(db, accountId, varIds)).map((item) => [item.id, item]),
  );
  const choices = await choicesOfVars(db, varIds);
  const choiceIds = new Map<number, Set<number>>();
  const choiceNames = new Map<number, string>();
  for (const choice of choices) {
    choiceIds.set(choice.varId, (choiceIds.get(choice.varId) ?? new Set()).add(choice.id));
    choiceNames.set(choice.id, choice.name);
  }
  const result: CheckedAnswers = { snapshot: [], varIds: [], rows: [] };
  for (const question of questions) {
    const item = items.get(question.var_id);
    // A friend-information item deleted since the event was saved asks nothing any more.
    if (!item) continue;
    const value = answers[String(question.var_id)] ?? null;
    const key = `answers.${question.var_id}`;
    const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (question.required) errors[key] = [EVENT_MESSAGES.answerRequired(question.label)];
      continue;
    }
    const parsed = parseVarValue(
      { name: question.label, type: item.type as VarType },
      choiceIds.get(item.id) ?? new Set(),
      value,
    );
    if ('error' in parsed) {
      errors[key] = [parsed.error];
      continue;
    }
    result.varIds.push(item.id);
    result.rows.push(...parsed.rows.map((row) => ({ varId: item.id, ...row })));
    const text = parsed.rows
      .map(
        (row) =>
          row.textValue ??
          (row.numberValue !== null ? String(row.numberValue) : null) ??
          row.dateValue ??
          (row.choiceId !== null ? (choiceNames.get(row.choiceId) ?? '') : ''),
      )
      .join('、');
    result.snapshot.push({ var_id: item.id, label: question.label, text });
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(MESSAGES.validationFailed, errors);
  return result;
}

/** Saves the answers into the friend's information (the items answered only). */
export async function saveAnswers(tx: Executor, memberId: number, checked: CheckedAnswers) {
  await replaceFriendValues(tx, memberId, checked.varIds, checked.rows);
}

/**
 * The questions as a form draws them (the friend's page and staff's 代理予約): each with its
 * friend-information item's type and choices; a question whose item was deleted is left out.
 */
export async function questionFields(
  db: Executor,
  accountId: number,
  questions: readonly EventQuestion[],
): Promise<EventQuestionField[]> {
  const varIds = questions.map((question) => question.var_id);
  const items = new Map(
    (await friendInfoItemsByIds(db, accountId, varIds)).map((item) => [item.id, item]),
  );
  const choices = await choicesOfVars(db, varIds);
  return questions
    .filter((question) => items.has(question.var_id))
    .map((question) => ({
      ...question,
      type: items.get(question.var_id)!.type as VarType,
      choices: choices
        .filter((choice) => choice.varId === question.var_id)
        .map((choice) => ({ id: choice.id, name: choice.name })),
    }));
}
