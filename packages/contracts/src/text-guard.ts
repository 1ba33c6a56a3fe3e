/**
 * Characters no text field of ours may hold: NUL (PostgreSQL refuses it in text) and UTF-16
 * surrogates without their pair (they cannot be written as UTF-8, so they would be stored
 * silently altered as U+FFFD). The server checks every string of every request with
 * `findForbiddenText` before validation; the console may use `forbiddenCharacterIn` on a field.
 */
export const TEXT_GUARD_MESSAGES = {
  nul: '使用できない文字（NUL）が含まれています',
  surrogate: '使用できない文字（対になっていないサロゲート）が含まれています',
  tooDeep: (max: number) => `データの入れ子が深すぎます（${max}段まで）`,
} as const;

/** Nesting deeper than this is refused before anything walks it recursively. */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function forbiddenCharacterIn(text: string): 'nul' | 'surrogate' | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

export interface ForbiddenText {
  /** Dotted path of the value (`meta_data.memo`, `ids.2`); '' for the value itself. */
  path: string;
  message: string;
}

/**
 * The first string (value or object key) holding a forbidden character, or nesting deeper than
 * MAX_INPUT_DEPTH, in a parsed JSON value. Iterative, so a hostile depth cannot overflow the stack.
 */
export function findForbiddenText(value: unknown): ForbiddenText | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const found = forbiddenCharacterIn(item.value);
      if (found) return { path: item.path, message: TEXT_GUARD_MESSAGES[found] };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || ArrayBuffer.isView(item.value)) {
      continue;
    }
    if (item.depth >= MAX_INPUT_DEPTH) {
      return { path: item.path, message: TEXT_GUARD_MESSAGES.tooDeep(MAX_INPUT_DEPTH) };
    }
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      const found = forbiddenCharacterIn(key);
      if (found) return { path: item.path, message: TEXT_GUARD_MESSAGES[found] };
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}
