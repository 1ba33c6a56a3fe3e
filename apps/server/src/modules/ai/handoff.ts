import { normalise } from './guard.js';

/** What the model writes, alone, when the knowledge does not answer the question (decision 0352). */
export const HANDOFF_MARKER = '[[HANDOFF]]';

/** The first hand-off keyword the question contains (NFKC, case-insensitive), if any. */
export function keywordIn(question: string, keywords: readonly string[]): string | undefined {
  const text = normalise(question).toLowerCase();
  return keywords.find((keyword) => keyword && text.includes(normalise(keyword).toLowerCase()));
}

export const isHandoff = (answer: string) => answer.includes('HANDOFF') || answer.trim() === '';

export const HANDOFF_REASONS = {
  notConfigured: '生成AIのモデルとAPIキーが設定されていません',
  keyUnreadable: '保存されたAPIキーを読み出せません',
  budget: '今月の予算の上限に達したため、AIを呼び出していません',
  keyword: (keyword: string) => `引き継ぎキーワード「${keyword}」を含みます`,
  outside: 'お店の情報では答えられない質問です',
  failed: 'AIの呼び出しに失敗しました',
  invented: (figures: string[]) =>
    `ツールの結果にない金額・日時を含みます（${figures.join('、')}）`,
} as const;
