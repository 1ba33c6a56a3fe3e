import { z } from 'zod';
import { idSchema } from './ids.js';

/**
 * 生成AI設定 (issue 31, ROUTE-39, decisions 0350–0356): the provider and model (Vercel AI SDK),
 * the sealed API key (write-only: answers carry `has_api_key`), features, knowledge, hand-off
 * keywords and a monthly yen budget; a preview of the automatic answer and the log of runs.
 */
export const AI_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
export const AI_PROVIDER_LABELS: Record<AiProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI互換（自前・その他のエンドポイント）',
};

export const AI_OUTCOMES = ['sent', 'drafted', 'handed_off', 'blocked'] as const;
export type AiOutcome = (typeof AI_OUTCOMES)[number];
export const AI_OUTCOME_LABELS: Record<AiOutcome, string> = {
  sent: '送信',
  drafted: '下書き',
  handed_off: 'スタッフへ引き継ぎ',
  blocked: 'ブロック（引き継ぎ）',
};

export const AI_AUTO_REPLY_WHEN = ['outside_hours', 'always'] as const;
export type AiAutoReplyWhen = (typeof AI_AUTO_REPLY_WHEN)[number];

export const AI_RUN_KINDS = ['preview', 'draft', 'auto_reply', 'writing', 'knowledge'] as const;
export type AiRunKind = (typeof AI_RUN_KINDS)[number];

export const AI_QA_MAX = 100;
export const AI_SAMPLES_MAX = 10;
export const AI_KEYWORDS_MAX = 30;
export const AI_QUESTION_MAX = 500;
export const AI_BUDGET_MAX = 1_000_000;

export const AI_TEXT = {
  providerInvalid: 'プロバイダーは OpenAI・Anthropic・OpenAI互換 のいずれかを指定してください',
  modelRequired: 'モデル名を入力してください',
  modelTooLong: 'モデル名は100文字以内で入力してください',
  baseUrlInvalid: 'ベースURLは http:// または https:// で始まるURLを入力してください',
  baseUrlRequired: 'OpenAI互換ではベースURLを入力してください',
  apiKeyTooLong: 'APIキーは500文字以内で入力してください',
  budgetInvalid: `月の予算は0〜${AI_BUDGET_MAX.toLocaleString('ja-JP')}円の整数で入力してください`,
  priceInvalid: '料金は0以上の数値（円・100万トークンあたり）で入力してください',
  toneTooLong: '口調は500文字以内で入力してください',
  sampleTooLong: '回答例は1件500文字以内で入力してください',
  samplesTooMany: `回答例は${AI_SAMPLES_MAX}件までです`,
  qaQuestionRequired: '質問を入力してください',
  qaQuestionTooLong: '質問は200文字以内で入力してください',
  qaAnswerRequired: '回答を入力してください',
  qaAnswerTooLong: '回答は1000文字以内で入力してください',
  qaTooMany: `Q&Aは${AI_QA_MAX}件までです`,
  keywordRequired: '引き継ぎキーワードを入力してください',
  keywordTooLong: '引き継ぎキーワードは1件30文字以内で入力してください',
  keywordsTooMany: `引き継ぎキーワードは${AI_KEYWORDS_MAX}件までです`,
  questionRequired: '質問を入力してください',
  questionTooLong: `質問は${AI_QUESTION_MAX}文字以内で入力してください`,
  instructionRequired: '作りたい文章の内容を入力してください',
  instructionTooLong: '内容は500文字以内で入力してください',
  ownerRequired: '生成AI設定の変更にはオーナー権限が必要です',
  previewOwnerRequired: '自動応答を試すにはオーナー権限が必要です（お店のAI予算を使うため）',
  knowledgeOwnerRequired: 'Q&Aの下書きにはオーナー権限が必要です',
  budgetReached: '今月の予算の上限に達したため、AIを呼び出していません',
  modelFailed: 'AIの呼び出しに失敗しました',
  notConfigured: '生成AIのモデルとAPIキーを設定してください',
  featureOff: 'この機能は生成AI設定でオフになっています',
  keyUnreadable: '保存されたAPIキーを読み出せません。APIキーを入力し直してください',
  salonNotFound: '予約の店舗が見つかりません',
} as const;

const keyword = z
  .string({ error: AI_TEXT.keywordRequired })
  .trim()
  .min(1, { error: AI_TEXT.keywordRequired })
  .max(30, { error: AI_TEXT.keywordTooLong });

export const aiQaSchema = z.object({
  question: z
    .string({ error: AI_TEXT.qaQuestionRequired })
    .trim()
    .min(1, { error: AI_TEXT.qaQuestionRequired })
    .max(200, { error: AI_TEXT.qaQuestionTooLong }),
  answer: z
    .string({ error: AI_TEXT.qaAnswerRequired })
    .trim()
    .min(1, { error: AI_TEXT.qaAnswerRequired })
    .max(1000, { error: AI_TEXT.qaAnswerTooLong }),
});
export type AiQa = z.infer<typeof aiQaSchema>;

const price = z.number({ error: AI_TEXT.priceInvalid }).min(0, { error: AI_TEXT.priceInvalid });

/** Yen per million tokens, for a model the built-in table does not know (decision 0353). */
export const aiPriceSchema = z.object({ input: price.max(100_000), output: price.max(100_000) });
export type AiPrice = z.infer<typeof aiPriceSchema>;

export const aiFeaturesSchema = z.object({
  drafts: z.boolean(),
  auto_reply: z.boolean(),
  writing: z.boolean(),
});
export type AiFeatures = z.infer<typeof aiFeaturesSchema>;

const baseUrl = z
  .string({ error: AI_TEXT.baseUrlInvalid })
  .trim()
  .max(500, { error: AI_TEXT.baseUrlInvalid })
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), {
    error: AI_TEXT.baseUrlInvalid,
  });

/** `PUT /api/ai/settings`. `api_key` absent or null keeps the stored key; '' removes it. */
export const aiSettingsInputSchema = z
  .object({
    provider: z.enum(AI_PROVIDERS, { error: AI_TEXT.providerInvalid }),
    model: z
      .string({ error: AI_TEXT.modelRequired })
      .trim()
      .min(1, { error: AI_TEXT.modelRequired })
      .max(100, { error: AI_TEXT.modelTooLong }),
    base_url: baseUrl.nullable().default(null),
    api_key: z
      .string({ error: AI_TEXT.apiKeyTooLong })
      .trim()
      .max(500, { error: AI_TEXT.apiKeyTooLong })
      .nullable()
      .optional(),
    features: aiFeaturesSchema,
    auto_reply_when: z
      .enum(AI_AUTO_REPLY_WHEN, { error: '自動応答の時間帯を選んでください' })
      .default('outside_hours'),
    budget_yen_month: z
      .number({ error: AI_TEXT.budgetInvalid })
      .int({ error: AI_TEXT.budgetInvalid })
      .min(0, { error: AI_TEXT.budgetInvalid })
      .max(AI_BUDGET_MAX, { error: AI_TEXT.budgetInvalid }),
    unknown_model_price: aiPriceSchema.default({ input: 500, output: 2000 }),
    tone: z.string().trim().max(500, { error: AI_TEXT.toneTooLong }).default(''),
    samples: z
      .array(z.string().trim().max(500, { error: AI_TEXT.sampleTooLong }))
      .max(AI_SAMPLES_MAX, { error: AI_TEXT.samplesTooMany })
      .default([]),
    qas: z.array(aiQaSchema).max(AI_QA_MAX, { error: AI_TEXT.qaTooMany }).default([]),
    handoff_keywords: z
      .array(keyword)
      .max(AI_KEYWORDS_MAX, { error: AI_TEXT.keywordsTooMany })
      .default(['クレーム', '返金', '予約変更', 'キャンセル']),
  })
  .superRefine((value, ctx) => {
    if (value.provider === 'openai-compatible' && !value.base_url)
      ctx.addIssue({ code: 'custom', path: ['base_url'], message: AI_TEXT.baseUrlRequired });
  });
export type AiSettingsInput = z.input<typeof aiSettingsInputSchema>;
export type AiSettingsValues = z.output<typeof aiSettingsInputSchema>;

/** `GET /api/ai/settings`: never the key, only whether one is stored. */
export const aiSettingsSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  model: z.string(),
  base_url: z.string().nullable(),
  has_api_key: z.boolean(),
  features: aiFeaturesSchema,
  auto_reply_when: z.enum(AI_AUTO_REPLY_WHEN),
  budget_yen_month: z.number().int(),
  /** This Tokyo calendar month's cost so far, in yen. */
  spent_yen_month: z.number(),
  unknown_model_price: aiPriceSchema,
  tone: z.string(),
  samples: z.array(z.string()),
  qas: z.array(aiQaSchema),
  handoff_keywords: z.array(z.string()),
  /** Whether the saved model has a price in the built-in table (else unknown_model_price). */
  model_priced: z.boolean(),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const aiToolCallSchema = z.object({ name: z.string(), result: z.unknown() });
export type AiToolCall = z.infer<typeof aiToolCallSchema>;

export const aiQuestionSchema = z
  .string({ error: AI_TEXT.questionRequired })
  .trim()
  .min(1, { error: AI_TEXT.questionRequired })
  .max(AI_QUESTION_MAX, { error: AI_TEXT.questionTooLong });

/** `POST /api/ai/preview` */
export const aiPreviewInputSchema = z.object({ question: aiQuestionSchema });
export const aiAnswerSchema = z.object({
  answer: z.string(),
  outcome: z.enum(AI_OUTCOMES),
  tools: z.array(aiToolCallSchema),
  /** Why it was handed off or blocked, in Japanese (null when sent or drafted). */
  reason: z.string().nullable(),
  run_id: z.number().int().nullable(),
});
export type AiAnswer = z.infer<typeof aiAnswerSchema>;

/** `POST /api/ai/drafts` from the chat composer. */
export const aiDraftInputSchema = z.object({ friend_id: idSchema });

/** `POST /api/ai/writing`: help writing a template or a broadcast text. */
export const aiWritingInputSchema = z.object({
  instruction: z
    .string({ error: AI_TEXT.instructionRequired })
    .trim()
    .min(1, { error: AI_TEXT.instructionRequired })
    .max(500, { error: AI_TEXT.instructionTooLong }),
  tone: z.enum(['polite', 'casual'], { error: '口調を選んでください' }).default('polite'),
  length: z.enum(['short', 'medium', 'long'], { error: '長さを選んでください' }).default('medium'),
  emoji: z.boolean().default(false),
});
export type AiWritingInput = z.input<typeof aiWritingInputSchema>;
export const aiWritingSchema = z.object({
  text: z.string(),
  /** What the template rules say about the text; empty = it can be saved as is. */
  problems: z.array(z.string()),
});
export type AiWriting = z.infer<typeof aiWritingSchema>;

/** How many Q&A pairs one 「お店の情報から下書き」 asks the model for, at most. */
export const AI_KNOWLEDGE_DRAFT_MAX = 10;

/** A drafted pair left out: it named a price, time or date the shop's data does not hold. */
export const aiKnowledgeDroppedSchema = z.object({
  question: z.string(),
  /** The figures no tool result contained, as the draft wrote them (e.g. 3,000円). */
  figures: z.array(z.string()),
});
export type AiKnowledgeDropped = z.infer<typeof aiKnowledgeDroppedSchema>;

/**
 * `POST /api/ai/knowledge/draft` (decision 0480): Q&A drafts from the shop's data. Nothing is
 * stored: the owner reviews `drafts` and saves the ones kept with `PUT /api/ai/settings`.
 */
export const aiKnowledgeDraftSchema = z.object({
  drafts: z.array(aiQaSchema),
  dropped: z.array(aiKnowledgeDroppedSchema),
  tools: z.array(aiToolCallSchema),
  run_id: z.number().int(),
});
export type AiKnowledgeDraft = z.infer<typeof aiKnowledgeDraftSchema>;

/** `POST /api/ai/settings/test` */
export const aiConnectionTestSchema = z.object({ ok: z.boolean(), message: z.string() });
export type AiConnectionTest = z.infer<typeof aiConnectionTestSchema>;

/** One row of `GET /api/ai/runs`. */
export const aiRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AI_RUN_KINDS),
  friend_id: z.number().int().nullable(),
  friend_name: z.string().nullable(),
  question: z.string(),
  tools: z.array(aiToolCallSchema),
  answer: z.string(),
  outcome: z.enum(AI_OUTCOMES),
  reason: z.string().nullable(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_yen: z.number(),
  latency_ms: z.number().int(),
  created_at: z.string(),
});
export type AiRun = z.infer<typeof aiRunSchema>;
export const aiRunsSchema = z.object({ runs: z.array(aiRunSchema) });
export type AiRuns = z.infer<typeof aiRunsSchema>;
