import {
  AI_TEXT,
  templateMessageProblems,
  type AiAnswer,
  type AiConnectionTest,
  type AiKnowledgeDraft,
  type AiProvider,
  type AiSettings,
  type AiSettingsValues,
  type AiWriting,
  type AiWritingInput,
} from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { ConfigService } from '../salon-configs/index.js';
import { draftKnowledge } from './knowledge-draft.js';
import { aiSdk, languageModel } from './sdk.js';
import { costInYen, knownPrice } from './prices.js';
import * as repository from './repository.js';
import { createRunner, keyOf, monthOf } from './runner.js';
import type { AiKeyBox } from './secrets.js';

const DEFAULTS: AiSettings = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  base_url: null,
  has_api_key: false,
  features: { drafts: false, auto_reply: false, writing: false },
  auto_reply_when: 'outside_hours',
  budget_yen_month: 1000,
  spent_yen_month: 0,
  unknown_model_price: { input: 500, output: 2000 },
  tone: '',
  samples: [],
  qas: [],
  handoff_keywords: ['クレーム', '返金', '予約変更', 'キャンセル'],
  model_priced: true,
};

const LENGTHS = { short: '100文字以内', medium: '200文字程度', long: '400文字程度' } as const;

export function createAiService(deps: {
  db: Database;
  configs: ConfigService;
  keys: AiKeyBox;
  publicOrigin: string;
  clock: () => Date;
}) {
  const { db, keys, clock } = deps;
  const run = createRunner(deps);

  async function settings(accountId: number): Promise<AiSettings> {
    const row = await repository.findSettings(db, accountId);
    const spent = await repository.spentInMonth(db, accountId, monthOf(clock()));
    if (!row) return { ...DEFAULTS, spent_yen_month: spent };
    return {
      provider: row.provider as AiProvider,
      model: row.model,
      base_url: row.baseUrl,
      has_api_key: row.apiKeySealed !== null,
      features: row.features,
      auto_reply_when: row.autoReplyWhen as AiSettings['auto_reply_when'],
      budget_yen_month: row.budgetYenMonth,
      spent_yen_month: spent,
      unknown_model_price: row.unknownModelPrice,
      tone: row.tone,
      samples: row.samples,
      qas: row.qas,
      handoff_keywords: row.handoffKeywords,
      model_priced: knownPrice(row.model) !== undefined,
    };
  }

  /** The saved model and its opened key, or a 409 saying what is missing. */
  async function configured(accountId: number) {
    const row = await repository.findSettings(db, accountId);
    if (!row) throw new ConflictError(AI_TEXT.notConfigured);
    const key = keyOf(keys, row);
    if (key === 'unreadable') throw new ConflictError(AI_TEXT.keyUnreadable);
    if (key === null && row.provider !== 'openai-compatible')
      throw new ConflictError(AI_TEXT.notConfigured);
    const model = await languageModel({
      provider: row.provider as AiProvider,
      model: row.model,
      baseUrl: row.baseUrl,
      apiKey: key,
    });
    return { row, model };
  }

  /** A 409 before any model call when this Tokyo month's runs have spent the budget. */
  async function withinBudget(accountId: number) {
    const current = await settings(accountId);
    if (current.spent_yen_month >= current.budget_yen_month)
      throw new ConflictError(AI_TEXT.budgetReached);
  }

  return {
    settings,

    async save(accountId: number, input: AiSettingsValues): Promise<AiSettings> {
      const before = await repository.findSettings(db, accountId);
      const apiKeySealed =
        input.api_key === undefined || input.api_key === null
          ? (before?.apiKeySealed ?? null)
          : input.api_key === ''
            ? null
            : keys.seal(input.api_key);
      await repository.saveSettings(db, accountId, {
        provider: input.provider,
        model: input.model,
        baseUrl: input.base_url || null,
        apiKeySealed,
        features: input.features,
        autoReplyWhen: input.auto_reply_when,
        budgetYenMonth: input.budget_yen_month,
        unknownModelPrice: input.unknown_model_price,
        tone: input.tone,
        samples: input.samples.filter(Boolean),
        qas: input.qas,
        handoffKeywords: input.handoff_keywords,
      });
      return settings(accountId);
    },

    /** One tiny call with the saved settings: does the provider accept the key and model? */
    async test(accountId: number): Promise<AiConnectionTest> {
      const { model } = await configured(accountId);
      const { generateText } = await aiSdk();
      try {
        await generateText({
          model,
          prompt: '接続テストです。「OK」とだけ返してください。',
          maxOutputTokens: 16,
          maxRetries: 0,
          abortSignal: AbortSignal.timeout(20_000),
        });
        return { ok: true, message: '接続できました' };
      } catch (error) {
        const detail = error instanceof Error ? error.message.slice(0, 200) : '';
        return { ok: false, message: `接続できませんでした：${detail}` };
      }
    },

    preview: (accountId: number, question: string): Promise<AiAnswer> =>
      run({ accountId, kind: 'preview', question, friend: null }),

    /** A reply draft for staff in the chat: the friend's newest text, answered like a preview. */
    async draft(accountId: number, friendId: number): Promise<AiAnswer> {
      const friend = await repository.friendOf(db, accountId, friendId);
      if (!friend) throw new NotFoundError('友だちが見つかりません');
      const current = await settings(accountId);
      if (!current.features.drafts) throw new ConflictError(AI_TEXT.featureOff);
      const question = await repository.latestFriendText(db, accountId, friendId);
      if (!question) throw new ConflictError('友だちからのテキストメッセージがありません');
      return run({ accountId, kind: 'draft', question, friend });
    },

    /** Help writing a template or broadcast text, checked by the template rules. */
    async writing(accountId: number, input: Required<AiWritingInput>): Promise<AiWriting> {
      const current = await settings(accountId);
      if (!current.features.writing) throw new ConflictError(AI_TEXT.featureOff);
      await withinBudget(accountId);
      const { row, model } = await configured(accountId);
      const { generateText } = await aiSdk();
      const started = Date.now();
      const result = await generateText({
        model,
        system: [
          'あなたはお店のLINE配信文を書くアシスタントです。',
          input.tone === 'polite'
            ? '丁寧な敬語で書いてください。'
            : '親しみやすいくだけた口調で書いてください。',
          `長さは${LENGTHS[input.length]}にしてください。`,
          input.emoji ? '絵文字を適度に使ってください。' : '絵文字は使わないでください。',
          '金額や日付は依頼文にあるものだけを使い、本文だけを出力してください。',
        ].join('\n'),
        prompt: input.instruction,
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(30_000),
      }).catch(() => {
        throw new ConflictError('AIの呼び出しに失敗しました');
      });
      const text = result.text.trim();
      const usage = {
        inputTokens: result.totalUsage.inputTokens ?? 0,
        outputTokens: result.totalUsage.outputTokens ?? 0,
      };
      await repository.insertRun(db, {
        accountId,
        memberId: null,
        kind: 'writing',
        question: input.instruction,
        tools: [],
        answer: text,
        outcome: 'drafted',
        reason: null,
        ...usage,
        costYen: costInYen(row.model, row.unknownModelPrice, usage),
        latencyMs: Date.now() - started,
        createdAt: clock(),
      });
      return { text, problems: templateMessageProblems('standard', { type: 'text', text }) };
    },

    /** Q&A drafts from the shop's data for the owner to review; nothing saved (decision 0480). */
    async knowledgeDraft(accountId: number): Promise<AiKnowledgeDraft> {
      const { row, model } = await configured(accountId);
      await withinBudget(accountId);
      return draftKnowledge({ ...deps, now: clock(), accountId, row, model });
    },

    runs: (accountId: number) => repository.listRuns(db, accountId),
  };
}

export type AiService = ReturnType<typeof createAiService>;
