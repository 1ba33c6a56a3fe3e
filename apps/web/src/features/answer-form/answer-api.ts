import type { PublicForm, PublicFormAnswerInput, VarValue } from '@tsunagu/contracts';

/** The answer page's two calls; plain fetch, only types from the contracts (no zod on the phone). */
export class AnswerApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

const OFFLINE = '通信できませんでした。電波の良いところでもう一度お試しください';

export type AnswerLink = { publicKey: string; token: string };

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AnswerApiError(0, OFFLINE);
  }
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new AnswerApiError(
      response.status,
      typeof data.message === 'string' ? data.message : OFFLINE,
      (data.errors as Record<string, string[]> | undefined) ?? {},
    );
  return data as T;
}

/**
 * With the link's token, the public page's calls; without one (a link shared in a rich menu),
 * the friend signed in on the account's booking page, whose cookie lives under /api/booking
 * (decision 0172).
 */
export function answerApi({ publicKey, token }: AnswerLink) {
  const key = encodeURIComponent(publicKey);
  const path = token
    ? `/api/public/forms/${key}?m=${encodeURIComponent(token)}`
    : `/api/booking/forms/${key}`;
  return {
    form: () => call<PublicForm>('GET', path),
    answer: (answers: PublicFormAnswerInput['answers']) =>
      call<{ thanks_message: string }>('POST', path, { answers }),
  };
}

export type Answers = Record<number, VarValue>;
