import { RICH_MENU_TEXT, type RichMenuArea } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { richMenuJobs, richMenus } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import type { PostbackSigner } from '../postback-signing/index.js';
import {
  budgetFreeAt,
  budgetWaitReason,
  limitedUntil,
  tokyoWhen,
  type BudgetKind,
} from './budget.js';
import type { LineCall, LineRichMenuClient } from './line-rich-menu-client.js';
import { progressOf, type Job, type Plan, type PlanEntry } from './publish-plan.js';

/** A call that may have reached LINE (5xx, no answer) is asked again this often, then failed. */
const MAX_ATTEMPTS = 8;
const LEASE_MS = 120_000;

export interface StepDeps {
  db: Database;
  client: LineRichMenuClient;
  signer: PostbackSigner;
  clock: () => Date;
}
export type Failure = Exclude<LineCall, { kind: 'ok' }>;

/**
 * What every step of a publish job (decision 0260) does with its row: save what it did (and
 * the menu's progress), wait, fail, or judge LINE's refusal.
 */
export function createJobIo(deps: StepDeps) {
  const { db, clock } = deps;

  async function save(job: Job, patch: Partial<Job>, menuState?: string): Promise<Job> {
    const [saved] = await db
      .update(richMenuJobs)
      .set({ leaseUntil: new Date(clock().getTime() + LEASE_MS), ...patch, updatedAt: clock() })
      .where(eq(richMenuJobs.id, job.id))
      .returning();
    await db
      .update(richMenus)
      .set({
        publish: progressOf(saved!),
        updatedAt: clock(),
        ...(menuState ? { state: menuState } : {}),
      })
      .where(eq(richMenus.id, job.richMenuId));
    return saved!;
  }
  const planOf = (job: Job) => job.plan as Plan;
  const withPlan = (job: Job, change: (plan: Plan) => void) => {
    const plan = structuredClone(planOf(job));
    change(plan);
    return plan;
  };
  const going = { attempts: 0, waitingUntil: null, waitReason: null };

  /**
   * 公開失敗 with the reason. A menu with a live version on LINE stays 公開中 (decision 0301):
   * the old version is still what friends see; the failure is the progress's `error`.
   */
  async function fail(job: Job, reason: string) {
    const [menu] = await db
      .select({ lineId: richMenus.lineRichMenuId })
      .from(richMenus)
      .where(eq(richMenus.id, job.richMenuId));
    const state = menu?.lineId ? 'published' : 'failed';
    await save(job, { state: 'failed', error: reason, leaseUntil: null, ...going }, state);
    return null;
  }
  async function waitUntil(job: Job, until: Date, reason: string) {
    await save(job, { runAt: until, waitingUntil: until, waitReason: reason, leaseUntil: null });
    return null;
  }
  /** LINE said no, or nothing: wait for the budget, try again after a back-off, or fail. */
  async function trouble(job: Job, call: Failure, budget: BudgetKind | null, name?: string) {
    const now = clock();
    if (call.kind === 'limited') {
      const until = budget
        ? await limitedUntil(db, job.accountId, budget, now, call.retryAfterMs)
        : new Date(now.getTime() + (call.retryAfterMs ?? 60_000));
      return waitUntil(job, until, budgetWaitReason(budget, until));
    }
    if (call.kind === 'retry') {
      const attempts = job.attempts + 1;
      if (attempts >= MAX_ATTEMPTS) return fail(job, call.reason);
      const until = new Date(now.getTime() + Math.min(300_000, 5_000 * 2 ** (attempts - 1)));
      await save(job, { attempts });
      return waitUntil(job, until, `${call.reason}。${tokyoWhen(until)}ごろにもう一度試します`);
    }
    return fail(job, name ? RICH_MENU_TEXT.lineRefused(name, call.reason) : call.reason);
  }
  /** False when the budget has room now; otherwise the job waits and this answers true. */
  async function budgetWait(job: Job, kind: BudgetKind) {
    const free = await budgetFreeAt(db, job.accountId, kind, clock());
    if (free === null) return false;
    await waitUntil(job, free, budgetWaitReason(kind, free));
    return true;
  }
  async function menuOf(entry: PlanEntry) {
    const [row] = await db
      .select({
        id: richMenus.id,
        name: richMenus.name,
        chatBarText: richMenus.chatBarText,
        selected: richMenus.selected,
        width: richMenus.width,
        height: richMenus.height,
        areas: richMenus.areas,
        imageContentType: richMenus.imageContentType,
      })
      .from(richMenus)
      .where(eq(richMenus.id, entry.menuId));
    return row ? { ...row, areas: row.areas as RichMenuArea[] } : undefined;
  }
  const gone = (job: Job) => fail(job, RICH_MENU_TEXT.notFound);

  return { save, planOf, withPlan, going, fail, waitUntil, trouble, budgetWait, menuOf, gone };
}
export type JobIo = ReturnType<typeof createJobIo>;
