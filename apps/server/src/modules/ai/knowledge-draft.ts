import {
  AI_KNOWLEDGE_DRAFT_MAX,
  AI_TEXT,
  aiQaSchema,
  type AiKnowledgeDraft,
  type AiKnowledgeDropped,
  type AiQa,
} from '@tsunagu/contracts';
import type { LanguageModel } from 'ai';
import type { Database } from '../../db/types.js';
import { ConflictError } from '../../lib/errors.js';
import type { ConfigService } from '../salon-configs/index.js';
import { unbackedFigures } from './guard.js';
import { costInYen } from './prices.js';
import * as repository from './repository.js';
import type { AiSettingsRow } from './repository.js';
import { aiSdk } from './sdk.js';
import { readStableShopData } from './tools.js';

export const KNOWLEDGE_QUESTION = 'お店の情報からQ&Aの下書き';

/** The pairs in the model's text: a JSON array of { question, answer }, fences and chatter allowed. */
export function draftPairsIn(text: string): AiQa[] {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end <= start) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item) => {
    const pair = aiQaSchema.safeParse(item);
    return pair.success ? [pair.data] : [];
  });
}

const sameQuestion = (a: string, b: string) =>
  a.normalize('NFKC').replace(/\s/g, '') === b.normalize('NFKC').replace(/\s/g, '');

function instructions(shopName: string, existing: readonly AiQa[]) {
  return [
    `あなたは「${shopName}」のLINE公式アカウントの「よくある質問（Q&A）」の下書きを作るアシスタントです。`,
    'お客様がよく尋ねそうな質問と、その回答を作ってください。',
    '金額・時刻・日付・URL・電話番号は、下の「お店の情報」にあるものだけを、書かれたとおりに使ってください。推測や記憶で書いてはいけません。',
    '予約の空き状況は日々変わるため、Q&Aには書かず、予約ページの案内にしてください。',
    `最大${AI_KNOWLEDGE_DRAFT_MAX}件。質問は200文字以内、回答は1000文字以内。`,
    existing.length > 0
      ? `次の質問はすでにあるので作らないでください:\n${existing.map((qa) => `- ${qa.question}`).join('\n')}`
      : '',
    '出力は JSON の配列だけにしてください。例: [{"question":"…","answer":"…"}]',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Why some or all pairs are not offered, in Japanese; null when every pair was. */
function reasonOf(parsed: number, dropped: AiKnowledgeDropped[]): string | null {
  if (parsed === 0) return '下書きを読み取れませんでした';
  if (dropped.length === 0) return null;
  const figures = [...new Set(dropped.flatMap((pair) => pair.figures))].join('、');
  return `お店の情報にない金額・日時を含む${dropped.length}件を除外しました（${figures}）`;
}

/**
 * 「お店の情報から下書き」 (decision 0480): the shop's stable data is read through the tools'
 * readers, the configured model drafts Q&A pairs from it, and every pair naming a price, time
 * or date the data does not hold is dropped (guard.ts). Nothing is stored but the run: the
 * owner keeps what they want and saves it with the settings. The caller has checked the budget.
 */
export async function draftKnowledge(deps: {
  db: Database;
  configs: ConfigService;
  publicOrigin: string;
  now: Date;
  accountId: number;
  row: AiSettingsRow;
  model: LanguageModel;
}): Promise<AiKnowledgeDraft> {
  const { db, row, accountId } = deps;
  const started = Date.now();
  const salon = await repository.firstSalon(db, accountId);
  const tools = await readStableShopData({
    db,
    configs: deps.configs,
    accountId,
    salon,
    qas: row.qas,
    publicOrigin: deps.publicOrigin,
    now: deps.now,
  });
  const { generateText } = await aiSdk();
  const result = await generateText({
    model: deps.model,
    system: instructions(salon?.name ?? 'お店', row.qas),
    prompt: `お店の情報（ツールの結果）:\n${JSON.stringify(
      Object.fromEntries(tools.map((call) => [call.name, call.result])),
    )}`,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(60_000),
  }).catch(() => {
    throw new ConflictError(AI_TEXT.modelFailed);
  });
  const usage = {
    inputTokens: result.totalUsage.inputTokens ?? 0,
    outputTokens: result.totalUsage.outputTokens ?? 0,
  };

  const results = tools.map((call) => call.result);
  const pairs = draftPairsIn(result.text).slice(0, AI_KNOWLEDGE_DRAFT_MAX);
  const drafts: AiQa[] = [];
  const dropped: AiKnowledgeDropped[] = [];
  for (const pair of pairs) {
    const known = [...row.qas, ...drafts];
    if (known.some((qa) => sameQuestion(qa.question, pair.question))) continue;
    const figures = unbackedFigures(`${pair.question}\n${pair.answer}`, results);
    if (figures.length > 0) dropped.push({ question: pair.question, figures });
    else drafts.push(pair);
  }

  const runId = await repository.insertRun(db, {
    accountId,
    memberId: null,
    kind: 'knowledge',
    question: KNOWLEDGE_QUESTION,
    tools,
    answer: drafts.map((qa) => `Q: ${qa.question}\nA: ${qa.answer}`).join('\n\n'),
    outcome: drafts.length > 0 ? 'drafted' : 'blocked',
    reason: reasonOf(pairs.length, dropped),
    ...usage,
    costYen: costInYen(row.model, row.unknownModelPrice, usage),
    latencyMs: Date.now() - started,
    createdAt: deps.now,
  });
  return { drafts, dropped, tools, run_id: runId };
}
