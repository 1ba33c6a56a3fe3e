import { TEL_MESSAGES } from '@tsunagu/contracts';
import { eq, sql } from 'drizzle-orm';
import { withDbRetry } from '../../db/retry.js';
import { selectRows } from '../../db/raw.js';
import { members, richMenuJobs, richMenus } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { createPollLoop } from '../../lib/poll-loop.js';
import type { PostbackSigner } from '../postback-signing/index.js';
import type { CredentialSource, DispatcherLog, Listen } from '../tel/index.js';
import type { LineRichMenuClient } from './line-rich-menu-client.js';
import type { Job } from './publish-plan.js';
import { createPublishSteps } from './publish-steps.js';
import { RICH_MENU_CHANNEL } from './switch-job.js';
import { recordLinks } from './user-links.js';

/** A process holds a claimed job this long (each step extends it); another then takes it up. */
const CLAIM_MS = 120_000;
/** Steps of one job per claim before others get a turn (a 10,000-friend publish is ~25). */
const STEPS_PER_CLAIM = 100;

/**
 * Runs rich menu jobs (decision 0260) in the push dispatcher's style: due rows are claimed with
 * SKIP LOCKED under a lease, so any number of processes (the API's, `npm run worker`) may run
 * it; a NOTIFY on `tsunagu_rich_menus` wakes it, polling otherwise. No LINE call is made inside
 * a transaction; each step's outcome is written before the next call. `clock` is the time jobs
 * and LINE's budgets are judged by (tests move it).
 */
export function createRichMenuPublisher(deps: {
  db: Database;
  client: LineRichMenuClient;
  credentials: Pick<CredentialSource, 'forSending'>;
  signer: PostbackSigner;
  log: DispatcherLog;
  pollMs: number;
  listen?: Listen;
  clock?: () => Date;
}) {
  const { db, client, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const steps = createPublishSteps({ db, client, signer: deps.signer, clock });

  async function claim(now: Date, limit: number): Promise<number[]> {
    const rows = await selectRows<{ id: number }>(
      db,
      sql`update rich_menu_jobs set lease_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}
        where id in (
          select id from rich_menu_jobs
          where state = 'running' and run_at <= ${now.toISOString()}
            and (lease_until is null or lease_until <= ${now.toISOString()})
          order by run_at, id limit ${limit}
          for update skip locked
        )
        returning id`,
    );
    return rows.map((row) => row.id);
  }

  async function tokenFor(job: Job): Promise<string | null> {
    const creds = await deps.credentials.forSending(job.accountId);
    if (creds.kind === 'ready') return creds.token;
    if (creds.kind === 'none') await steps.fail(job, TEL_MESSAGES.channelNotConnected);
    else
      await steps.waitUntil(
        job,
        creds.kind === 'unavailable' ? creds.retryAt : new Date(clock().getTime() + deps.pollMs),
        creds.reason,
      );
    return null;
  }

  async function runPublish(job: Job) {
    const token = await tokenFor(job);
    if (token === null) return;
    let current: Job | null = job;
    for (let i = 0; current && i < STEPS_PER_CLAIM; i += 1)
      current = await steps.step(current, token);
    // Still going after its turn: due again at once, for whichever process claims it.
    if (current)
      await db.update(richMenuJobs).set({ leaseUntil: null }).where(eq(richMenuJobs.id, job.id));
  }

  /** `switch_rich_menu`: link one friend to the menu's live LINE menu (decision 0263). */
  async function runSwitch(job: Job) {
    const end = (state: 'done' | 'failed', error: string | null = null) =>
      db
        .update(richMenuJobs)
        .set({ state, step: 'done', error, leaseUntil: null, updatedAt: clock() })
        .where(eq(richMenuJobs.id, job.id));
    const [menu] = await db
      .select({ lineId: richMenus.lineRichMenuId, state: richMenus.state })
      .from(richMenus)
      .where(eq(richMenus.id, job.richMenuId));
    const [friend] = await db
      .select({ lineUserId: members.lineUserId, followState: members.followState })
      .from(members)
      .where(eq(members.id, job.memberId ?? 0));
    if (!menu || !friend) return end('failed', 'リッチメニューか友だちが見つかりません');
    if (friend.followState !== 'following')
      return end('done', 'ブロック中の友だちには切り替えません');
    if (menu.lineId === null) {
      if (menu.state !== 'publishing') return end('failed', 'リッチメニューが公開されていません');
      const later = new Date(clock().getTime() + 30_000);
      await db
        .update(richMenuJobs)
        .set({ runAt: later, leaseUntil: null })
        .where(eq(richMenuJobs.id, job.id));
      return;
    }
    const token = await tokenFor(job);
    if (token === null) return;
    const call = await client.linkUser(token, friend.lineUserId, menu.lineId);
    if (call.kind === 'ok') {
      // Set by an action: the first rule (decision 0300), kept while that menu is shown.
      const link = {
        richMenuId: job.richMenuId,
        lineRichMenuId: menu.lineId,
        rule: 'action' as const,
      };
      await recordLinks(db, job.accountId, [job.memberId!], link, clock());
      return end('done');
    }
    if (call.kind === 'refused') return end('failed', call.reason);
    const attempts = job.attempts + 1;
    if (attempts >= 8) return end('failed', call.reason);
    const later = new Date(clock().getTime() + Math.min(300_000, 5_000 * 2 ** (attempts - 1)));
    await db
      .update(richMenuJobs)
      .set({ attempts, runAt: later, leaseUntil: null, error: call.reason })
      .where(eq(richMenuJobs.id, job.id));
  }

  async function runOne(id: number) {
    const [job] = await db.select().from(richMenuJobs).where(eq(richMenuJobs.id, id));
    if (!job || job.state !== 'running') return;
    if (job.kind === 'switch') await runSwitch(job);
    else await runPublish(job);
  }

  /** One round: claim due jobs and run them; how many were claimed. */
  async function runOnce(): Promise<number> {
    const claimed = await withDbRetry(() => claim(clock(), 20));
    for (const id of claimed) {
      try {
        await runOne(id);
      } catch (error) {
        // Left leased: once the lease runs out the job is taken up again where it stood.
        log.error({ err: error, jobId: id }, 'rich menus: unexpected error');
      }
    }
    return claimed.length;
  }

  // Jobs claimed: more may be due at once. Otherwise the next round after the poll interval or
  // when a job is queued (NOTIFY).
  const loop = createPollLoop({
    round: async () => (await runOnce()) > 0,
    pollMs: deps.pollMs,
    onError: (error) => log.error({ err: error }, 'rich menus: loop error'),
    listen: {
      to: deps.listen,
      channel: RICH_MENU_CHANNEL,
      onFailure: (error: unknown) =>
        log.warn({ err: error }, 'rich menus: LISTEN failed, polling only'),
    },
  });

  return {
    runOnce,
    /** Runs every job due now until none is (a job waiting for later is left). */
    async runUntilIdle() {
      while ((await runOnce()) > 0);
    },
    start() {
      void loop.start();
    },
    stop: () => loop.stop(),
  };
}
export type RichMenuPublisher = ReturnType<typeof createRichMenuPublisher>;
