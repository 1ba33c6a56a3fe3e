/**
 * The customer's answers to the online config's questions (`customer_info`, issue 12,
 * decision 0126). One pure check used by the booking page before it sends and by the server
 * before it stores, so both refuse the same answers with the same Japanese messages naming the
 * question's label. Deliberately free of zod: the booking page imports this file alone
 * (`@tsunagu/contracts/customer-answers`) to stay inside its size budget.
 */

/** The question as the booking page and the check need it (a subset of `CustomerField`). */
export type CustomerQuestion = {
  id: number;
  label: string;
  field_type: 'text' | 'textarea' | 'select' | 'checkbox' | 'tel' | 'email';
  required: boolean;
  options: string[];
};

/** What the page sends: answers keyed by question id; a checkbox answers true/false. */
export type CustomerAnswersInput = Record<string, string | boolean>;

/** What is stored with the reservation: the label as asked, so a later rename keeps the meaning. */
export type CustomerAnswer = {
  field_id: number;
  label: string;
  field_type: CustomerQuestion['field_type'];
  value: string;
};

/** Longest answer per question type (characters, after trimming). */
export const CUSTOMER_ANSWER_MAX = {
  text: 200,
  textarea: 2000,
  select: 100,
  checkbox: 0,
  tel: 20,
  email: 254,
} as const;

/** How a checked checkbox reads in the stored answer and on the console. */
export const CHECKBOX_YES = 'はい';
export const CHECKBOX_NO = 'いいえ';

export const CUSTOMER_ANSWER_MESSAGES = {
  required: (label: string) => `「${label}」を入力してください`,
  requiredChoice: (label: string) => `「${label}」を選んでください`,
  requiredCheck: (label: string) => `「${label}」にチェックを入れてください`,
  tooLong: (label: string, max: number) => `「${label}」は${max}文字以内で入力してください`,
  notOption: (label: string) => `「${label}」は選択肢の中から選んでください`,
  tel: (label: string) => `「${label}」は電話番号の形式で入力してください（例: 090-1234-5678）`,
  email: (label: string) =>
    `「${label}」はメールアドレスの形式で入力してください（例: hanako@example.jp）`,
  wrongKind: (label: string) => `「${label}」の回答の形式が正しくありません`,
} as const;

/** Digits, hyphens, spaces, parentheses and a leading +; 10–15 digits (domestic or +81). */
function isPhone(value: string): boolean {
  const normalized = value.normalize('NFKC');
  if (!/^\+?[\d\-() ]+$/.test(normalized)) return false;
  const digits = normalized.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
}

function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/** One question's answer: the stored text, or the message why it is refused. */
function checkOne(
  question: CustomerQuestion,
  raw: string | boolean | undefined,
): { value: string } | { error: string } {
  const { label } = question;
  if (question.field_type === 'checkbox') {
    if (raw !== undefined && typeof raw !== 'boolean')
      return { error: CUSTOMER_ANSWER_MESSAGES.wrongKind(label) };
    if (question.required && raw !== true)
      return { error: CUSTOMER_ANSWER_MESSAGES.requiredCheck(label) };
    return { value: raw === true ? CHECKBOX_YES : CHECKBOX_NO };
  }
  if (raw !== undefined && typeof raw !== 'string')
    return { error: CUSTOMER_ANSWER_MESSAGES.wrongKind(label) };
  const value = (raw ?? '').trim();
  if (value === '') {
    if (!question.required) return { value: '' };
    return {
      error:
        question.field_type === 'select'
          ? CUSTOMER_ANSWER_MESSAGES.requiredChoice(label)
          : CUSTOMER_ANSWER_MESSAGES.required(label),
    };
  }
  const max = CUSTOMER_ANSWER_MAX[question.field_type];
  if ([...value].length > max) return { error: CUSTOMER_ANSWER_MESSAGES.tooLong(label, max) };
  if (question.field_type === 'select' && !question.options.includes(value))
    return { error: CUSTOMER_ANSWER_MESSAGES.notOption(label) };
  if (question.field_type === 'tel' && !isPhone(value))
    return { error: CUSTOMER_ANSWER_MESSAGES.tel(label) };
  if (question.field_type === 'email' && !isEmail(value))
    return { error: CUSTOMER_ANSWER_MESSAGES.email(label) };
  return { value };
}

/**
 * Checks the answers against the salon's current questions, in the questions' order. Answers
 * to questions that no longer exist are dropped (the salon may remove one while a customer is
 * on the page); errors are keyed `answers.<question id>` like every field error of the API.
 */
export function checkCustomerAnswers(
  questions: readonly CustomerQuestion[],
  input: CustomerAnswersInput,
): { answers: CustomerAnswer[]; errors: Record<string, string[]> } {
  const answers: CustomerAnswer[] = [];
  const errors: Record<string, string[]> = {};
  for (const question of questions) {
    const result = checkOne(question, input[String(question.id)]);
    if ('error' in result) {
      errors[`answers.${question.id}`] = [result.error];
      continue;
    }
    answers.push({
      field_id: question.id,
      label: question.label,
      field_type: question.field_type,
      value: result.value,
    });
  }
  return { answers, errors };
}
