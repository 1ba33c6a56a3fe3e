import type { FriendValueForMessage } from '../friend-info/index.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 2026-11-24 → 2026年11月24日 (a calendar date: no time zone is involved). */
export function japaneseDate(value: string): string {
  const match = DATE.exec(value);
  if (!match) return value;
  return `${match[1]}年${Number(match[2])}月${Number(match[3])}日`;
}

/**
 * A friend-information value as message text (decision 0156): text as written, a number as
 * typed, a date as a Japanese date, a choice by its name, several choices joined with '、'.
 * No value: undefined (the alias renders as '').
 */
export function varValueText({ type, value, choiceNames }: FriendValueForMessage) {
  if (value === null) return undefined;
  switch (type) {
    case 'text':
      return typeof value === 'string' ? value : undefined;
    case 'number':
      return typeof value === 'number' ? String(value) : undefined;
    case 'date':
      return typeof value === 'string' ? japaneseDate(value) : undefined;
    case 'choice':
      return typeof value === 'number' ? choiceNames.get(value) : undefined;
    case 'multi_choice':
      return Array.isArray(value)
        ? value.flatMap((id) => choiceNames.get(id) ?? []).join('、') || undefined
        : undefined;
  }
}
