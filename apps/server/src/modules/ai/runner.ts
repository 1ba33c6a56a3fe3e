import type { AiAnswer, AiOutcome, AiRunKind, AiToolCall } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import type { ConfigService } from '../salon-configs/index.js';
import { unbackedFigures } from './guard.js';
import { HANDOFF_REASONS, isHandoff, keywordIn } from './handoff.js';
import { aiSdk, languageModel } from './sdk.js';
import { costInYen } from './prices.js';
import { systemPrompt } from './prompt.js';
import * as repository from './repository.js';
import type { AiSettingsRow } from './repository.js';
import type { AiKeyBox } from './secrets.js';
import { handOffToStaff } from './staff-handoff.js';
import { shopTools } from './tools.js';
import { todayInTokyo } from '@tsunagu/contracts';

export interface RunnerDeps {
  db: Database;
  configs: ConfigService;
  keys: AiKeyBox;
  publicOrigin: string;
  clock: () => Date;
  /** How long one model call may take. */
  timeoutMs?: number;
}

export interface RunRequest {
  accountId: number;
  kind: Exclude<AiRunKind, 'writing' | 'knowledge'>;
  question: string;
  friend: { id: number; name: string } | null;
}

/** The settings' key, opened; null for a provider that may go without (openai-compatible). */
export function keyOf(keys: AiKeyBox, settings: AiSettingsRow): string | null | 'unreadable' {
  if (!settings.apiKeySealed) return null;
  return keys.open(settings.apiKeySealed) ?? 'unreadable';
}

/** This Tokyo month (YYYY-MM). */
export const monthOf = (now: Date) => todayInTokyo(now).slice(0, 7);

/**
 * One answer to a friend's question (issue 31, decisions 0352–0354): hand-off keywords and the
 * budget are checked before the model is called; the model reads the shop's data through tools;
 * an answer naming a price, time or date no tool returned is blocked. Every run is logged; a
 * hand-off or a block about a friend marks their chat 未対応 and notifies staff.
 */
export function createRunner(deps: RunnerDeps) {
  const { db, keys } = deps;

  async function handOff(request: RunRequest, runId: number, reason: string) {
    const { friend } = request;
    if (!friend || request.kind === 'preview') return;
    await handOffToStaff(db, {
      accountId: request.accountId,
      friend,
      question: request.question,
      reason,
      key: `ai:run${runId}`,
    });
  }

  return async function run(request: RunRequest): Promise<AiAnswer> {
    const started = Date.now();
    const settings = await repository.findSettings(db, request.accountId);
    const tools: AiToolCall[] = [];
    let usage = { inputTokens: 0, outputTokens: 0 };
    let cost = 0;
    let answer = '';

    const finish = async (outcome: AiOutcome, reason: string | null): Promise<AiAnswer> => {
      const runId = await repository.insertRun(db, {
        accountId: request.accountId,
        memberId: request.friend?.id ?? null,
        kind: request.kind,
        question: request.question,
        tools,
        answer,
        outcome,
        reason,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        costYen: cost,
        latencyMs: Date.now() - started,
        createdAt: deps.clock(),
      });
      if (outcome === 'handed_off' || outcome === 'blocked')
        await handOff(request, runId, reason ?? '');
      return { answer, outcome, tools, reason, run_id: runId };
    };

    if (!settings) return finish('handed_off', HANDOFF_REASONS.notConfigured);
    const keyword = keywordIn(request.question, settings.handoffKeywords);
    if (keyword) return finish('handed_off', HANDOFF_REASONS.keyword(keyword));
    const key = keyOf(keys, settings);
    if (key === 'unreadable') return finish('handed_off', HANDOFF_REASONS.keyUnreadable);
    if (key === null && settings.provider !== 'openai-compatible')
      return finish('handed_off', HANDOFF_REASONS.notConfigured);
    const now = deps.clock();
    const spent = await repository.spentInMonth(db, request.accountId, monthOf(now));
    if (spent >= settings.budgetYenMonth) return finish('handed_off', HANDOFF_REASONS.budget);

    const salon = await repository.firstSalon(db, request.accountId);
    try {
      const { generateText, stepCountIs } = await aiSdk();
      const result = await generateText({
        model: await languageModel({
          provider: settings.provider as 'openai',
          model: settings.model,
          baseUrl: settings.baseUrl,
          apiKey: key,
        }),
        system: systemPrompt({
          shopName: salon?.name ?? 'お店',
          tone: settings.tone,
          samples: settings.samples,
          qas: settings.qas,
          now,
        }),
        prompt: request.question,
        tools: shopTools(
          {
            db,
            configs: deps.configs,
            accountId: request.accountId,
            salon,
            qas: settings.qas,
            publicOrigin: deps.publicOrigin,
            now,
          },
          tools,
        ),
        stopWhen: stepCountIs(6),
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(deps.timeoutMs ?? 30_000),
      });
      usage = {
        inputTokens: result.totalUsage.inputTokens ?? 0,
        outputTokens: result.totalUsage.outputTokens ?? 0,
      };
      cost = costInYen(settings.model, settings.unknownModelPrice, usage);
      answer = result.text.trim();
    } catch {
      return finish('handed_off', HANDOFF_REASONS.failed);
    }
    if (isHandoff(answer)) return finish('handed_off', HANDOFF_REASONS.outside);
    const invented = unbackedFigures(
      answer,
      tools.map((call) => call.result),
    );
    if (invented.length > 0) return finish('blocked', HANDOFF_REASONS.invented(invented));
    return finish(request.kind === 'draft' ? 'drafted' : 'sent', null);
  };
}

export type AiRunner = ReturnType<typeof createRunner>;
