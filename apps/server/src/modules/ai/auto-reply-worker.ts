import type { AiOutcome } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.js';
import { selectRows } from '../../db/raw.js';
import type { Database } from '../../db/types.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import type { ChatSender } from '../chats/index.js';
import type { LineClient, SendCredentials } from '../line/index.js';
import { AUTO_REPLY_CHANNEL } from './auto-reply-enqueue.js';
import { findSettings, markRunHandedOff } from './repository.js';
import type { AiRunner } from './runner.js';
import { handOffToStaff } from './staff-handoff.js';

/** A claimed answer is left to one worker this long (a crashed worker's is then handed off). */
const LEASE_SECONDS = 120;
const BATCH = 4;
const POLL_MS = 5_000;
/** How long the friend sees the loading animation at most (the model's own limit is 30 s). */
export const LOADING_SECONDS = 30;

export const AUTO_REPLY_REASONS = {
  interrupted: '自動応答が途中で止まったため、もう一度は回答していません',
  notSent: 'AIの回答を友だちに送信できませんでした',
  turnedOff: '自動応答がオフになりました',
  gone: '友だちのメッセージが取り消されたか、見つかりません',
} as const;

interface Claimed {
  id: number;
  account_id: number;
  member_id: number;
  attempts: number;
  text: string | null;
  unsent: boolean;
  line_user_id: string;
  friend_name: string;
}

interface Log {
  warn(entry: Record<string, unknown>, message: string): void;
  error(entry: Record<string, unknown>, message: string): void;
}

export interface AutoReplyWorkerDeps {
  db: Database;
  run: AiRunner;
  sender: ChatSender;
  client: Pick<LineClient, 'showLoadingAnimation'>;
  credentials: { forSending(accountId: number): Promise<SendCredentials> };
  /** Where LINE fetches images (PUBLIC_ORIGIN); answers are text. */
  origin: string;
  listen?: DatabaseHandle['listen'];
  log: Log;
}

/**
 * Answers friends automatically (issue 31, decision 0356), in the API process and any `npm run
 * worker` beside it: a queued question is claimed under a lease (SKIP LOCKED), the friend sees
 * LINE's loading animation, the same runner as the preview answers (`kind: 'auto_reply'`: tools,
 * never-invented check, hand-off keywords, budget — each run logged), and a `sent` answer goes
 * through the chat's sender (reply token while fresh, else a push under a retry key), stored in
 * the thread as the AI's. A hand-off or a block sends nothing: the runner marks the chat 未対応
 * and notifies staff. A question is answered at most once: one whose worker stopped mid-way is
 * handed off instead of asked again.
 */
export function createAutoReplyWorker(deps: AutoReplyWorkerDeps) {
  const { db, log } = deps;

  function claim() {
    return selectRows<Claimed>(
      db,
      sql`with due as (
          select id from ai_auto_replies
          where state = 'pending' and next_attempt_at <= now()
          order by id limit ${BATCH}
          for update skip locked
        ),
        claimed as (
          update ai_auto_replies a
          set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}),
            attempts = a.attempts + 1
          from due where a.id = due.id
          returning a.id, a.account_id, a.member_id, a.message_id, a.attempts
        )
        select c.id, c.account_id, c.member_id, c.attempts, cm.text,
          cm.unsent_at is not null as unsent, m.line_user_id, m.display_name as friend_name
        from claimed c
        join chat_messages cm on cm.id = c.message_id
        join members m on m.id = c.member_id
        order by c.id`,
    );
  }

  async function settle(
    id: number,
    state: 'done' | 'failed' | 'dropped',
    result: { runId?: number; outcome?: AiOutcome | null; reason?: string },
  ) {
    await db.execute(sql`update ai_auto_replies
      set state = ${state}, run_id = ${result.runId ?? null}, outcome = ${result.outcome ?? null},
        reason = ${result.reason ?? ''}
      where id = ${id}`);
  }

  /** The loading animation while the model works; LINE refusing it changes nothing. */
  async function showLoading(job: Claimed) {
    const sending = await deps.credentials.forSending(job.account_id);
    if (sending.kind !== 'ready') return;
    await deps.client
      .showLoadingAnimation(sending.token, job.line_user_id, LOADING_SECONDS)
      .catch((error: unknown) =>
        log.warn({ err: error, accountId: job.account_id }, 'LINE loading animation failed'),
      );
  }

  async function answer(job: Claimed) {
    const friend = { id: job.member_id, name: job.friend_name };
    const question = job.text ?? '';
    if (job.unsent || !question)
      return settle(job.id, 'dropped', { reason: AUTO_REPLY_REASONS.gone });
    if (job.attempts > 1) {
      await handOffToStaff(db, {
        accountId: job.account_id,
        friend,
        question,
        reason: AUTO_REPLY_REASONS.interrupted,
        key: `ai:auto${job.id}`,
      });
      return settle(job.id, 'failed', { reason: AUTO_REPLY_REASONS.interrupted });
    }
    const settings = await findSettings(db, job.account_id);
    if (!settings?.features.auto_reply)
      return settle(job.id, 'dropped', { reason: AUTO_REPLY_REASONS.turnedOff });

    await showLoading(job);
    const result = await deps.run({
      accountId: job.account_id,
      kind: 'auto_reply',
      question,
      friend,
    });
    const runId = result.run_id ?? undefined;
    if (result.outcome !== 'sent')
      return settle(job.id, 'done', {
        runId,
        outcome: result.outcome,
        reason: result.reason ?? '',
      });
    try {
      await deps.sender.send(
        job.account_id,
        { sender: 'ai' },
        job.member_id,
        { text: result.answer },
        deps.origin,
      );
    } catch (error) {
      log.warn({ err: error, accountId: job.account_id }, 'automatic answer not sent');
      if (runId !== undefined) await markRunHandedOff(db, runId, AUTO_REPLY_REASONS.notSent);
      await handOffToStaff(db, {
        accountId: job.account_id,
        friend,
        question,
        reason: AUTO_REPLY_REASONS.notSent,
        key: `ai:auto${job.id}`,
      });
      return settle(job.id, 'failed', {
        runId,
        outcome: 'handed_off',
        reason: AUTO_REPLY_REASONS.notSent,
      });
    }
    return settle(job.id, 'done', { runId, outcome: 'sent' });
  }

  async function drain() {
    while (!loop.stopped) {
      const claimed = await claim();
      if (claimed.length === 0) return;
      await Promise.all(
        claimed.map((job) =>
          answer(job).catch((error: unknown) =>
            log.error({ err: error, autoReply: job.id }, 'automatic answer failed'),
          ),
        ),
      );
    }
  }

  const loop = createPollLoop({
    round: drain,
    pollMs: POLL_MS,
    onError: (error) => log.error({ err: error }, 'automatic answers round failed'),
    listen: {
      to: deps.listen,
      channel: AUTO_REPLY_CHANNEL,
      onFailure: (error) =>
        log.warn({ err: error }, 'automatic answers: LISTEN failed, polling only'),
    },
  });

  return {
    start: () => loop.start(),
    /** Answers every queued question, resolving when none is left (tests). */
    runUntilIdle: () => loop.runNow(),
    stop: () => loop.stop(),
  };
}

export type AutoReplyWorker = ReturnType<typeof createAutoReplyWorker>;
