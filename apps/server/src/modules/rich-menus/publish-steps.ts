import { RICH_MENU_TEXT, type RichMenuAudience, type RichMenuArea } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { richMenuJobs, richMenus } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import type { PostbackSigner } from '../postback-signing/index.js';
import { audienceCount, audiencePage, audienceWhere } from './audience.js';
import {
  budgetFreeAt,
  budgetWaitReason,
  limitedUntil,
  spend,
  tokyoWhen,
  type BudgetKind,
} from './budget.js';
import { lineMenuBody } from './line-menu-body.js';
import type { LineCall, LineRichMenuClient } from './line-rich-menu-client.js';
import { progressOf, type Job, type Plan, type PlanEntry } from './publish-plan.js';

/** LINE's bulk link takes at most 500 users a call. */
export const BULK_LINK_MAX = 500;
/** A call that may have reached LINE (5xx, no answer) is asked again this often, then failed. */
const MAX_ATTEMPTS = 8;
const LEASE_MS = 120_000;
/** A batch's progress is read this long after the last read. */
const PROGRESS_POLL_MS = 5_000;

export interface StepDeps {
  db: Database;
  client: LineRichMenuClient;
  signer: PostbackSigner;
  clock: () => Date;
}

/**
 * One step of a publish job (decision 0260): at most one LINE call that changes anything, then
 * the job is saved with what it did, so a job taken up again never repeats a done call. Answers
 * the saved job when it may go on now, or null when it waits, failed or is done.
 */
export function createPublishSteps(deps: StepDeps) {
  const { db, client, signer, clock } = deps;
  type Failure = Exclude<LineCall, { kind: 'ok' }>;

  async function save(job: Job, patch: Partial<Job>, menuState?: string): Promise<Job> {
    const [saved] = await db
      .update(richMenuJobs)
      .set({
        leaseUntil: new Date(clock().getTime() + LEASE_MS),
        ...patch,
        updatedAt: clock(),
      })
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

  async function fail(job: Job, reason: string) {
    await save(job, { state: 'failed', error: reason, leaseUntil: null, ...going }, 'failed');
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
  /** Null when the budget has room now; otherwise the job waits and this answers true. */
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

  async function validate(job: Job, token: string) {
    for (const entry of planOf(job).entries) {
      const menu = await menuOf(entry);
      if (!menu) return gone(job);
      if (menu.imageContentType === null) return fail(job, RICH_MENU_TEXT.imageMissing(menu.name));
      const body = await lineMenuBody(db, signer, job.accountId, menu);
      const call = await client.validate(token, body);
      if (call.kind !== 'ok') return trouble(job, call, null, menu.name);
    }
    const audience = job.audience as RichMenuAudience;
    let total = 0;
    if (audience.type !== 'default') {
      const where = await audienceWhere(db, job.accountId, audience, clock());
      if (!where)
        return fail(
          job,
          audience.type === 'tag' ? RICH_MENU_TEXT.tagMissing : RICH_MENU_TEXT.segmentMissing,
        );
      total = planOf(job).bulk ? await audienceCount(db, where) : 0;
    }
    return save(job, { step: 'create', total, ...going });
  }

  async function create(job: Job, token: string) {
    const entry = planOf(job).entries.find((e) => e.newLineId === null);
    if (!entry) return save(job, { step: 'upload_image', ...going });
    const menu = await menuOf(entry);
    if (!menu) return gone(job);
    if (await budgetWait(job, 'menu')) return null;
    const body = await lineMenuBody(db, signer, job.accountId, menu);
    const call = await client.create(token, body);
    if (call.kind !== 'refused') await spend(db, job.accountId, 'menu', clock());
    if (call.kind !== 'ok') return trouble(job, call, 'menu', menu.name);
    const richMenuId = call.body.richMenuId;
    if (typeof richMenuId !== 'string')
      return fail(job, RICH_MENU_TEXT.lineRefused(menu.name, '?'));
    const plan = withPlan(job, (p) => {
      p.entries.find((e) => e.menuId === entry.menuId)!.newLineId = richMenuId;
    });
    return save(job, { plan, ...going });
  }

  async function uploadImage(job: Job, token: string) {
    const entry = planOf(job).entries.find((e) => !e.image);
    if (!entry) return save(job, { step: 'aliases', ...going });
    const [row] = await db
      .select({ name: richMenus.name, image: richMenus.image, type: richMenus.imageContentType })
      .from(richMenus)
      .where(eq(richMenus.id, entry.menuId));
    if (!row) return gone(job);
    if (!row.image || !row.type) return fail(job, RICH_MENU_TEXT.imageMissing(row.name));
    const call = await client.uploadImage(token, entry.newLineId!, row.type, row.image);
    // Taken before, its answer lost: LINE keeps the first image and refuses a second.
    const already = call.kind === 'refused' && /already been uploaded/i.test(call.message);
    if (call.kind !== 'ok' && !already) return trouble(job, call, null, row.name);
    const plan = withPlan(job, (p) => {
      p.entries.find((e) => e.menuId === entry.menuId)!.image = true;
    });
    return save(job, { plan, ...going });
  }

  async function aliases(job: Job, token: string) {
    const plan = planOf(job);
    const entry = plan.aliases ? plan.entries.find((e) => !e.alias) : undefined;
    if (!entry) return save(job, { step: 'link', ...going });
    const [row] = await db
      .select({ name: richMenus.name, aliasId: richMenus.lineAliasId })
      .from(richMenus)
      .where(eq(richMenus.id, entry.menuId));
    if (!row?.aliasId) return gone(job);
    let call = await client.createAlias(token, row.aliasId, entry.newLineId!);
    // The alias exists (an earlier publish, or a lost answer): it now names the new menu.
    if (call.kind === 'refused' && /conflict/i.test(call.message))
      call = await client.updateAlias(token, row.aliasId, entry.newLineId!);
    if (call.kind !== 'ok') return trouble(job, call, null, row.name);
    const next = withPlan(job, (p) => {
      p.entries.find((e) => e.menuId === entry.menuId)!.alias = true;
    });
    return save(job, { plan: next, ...going });
  }

  async function link(job: Job, token: string) {
    const plan = planOf(job);
    const main = plan.entries[0]!;
    const moves = plan.entries.filter((e) => e.oldLineId !== null && e.oldLineId !== e.newLineId);
    if (moves.length > 0 && !plan.batched) return batch(job, token, moves);
    const audience = job.audience as RichMenuAudience;
    if (audience.type === 'default' && !plan.defaulted) {
      const call = await client.setDefault(token, main.newLineId!);
      if (call.kind !== 'ok') return trouble(job, call, null);
      return save(job, { plan: withPlan(job, (p) => (p.defaulted = true)), ...going });
    }
    if (audience.type === 'default' || !plan.bulk) return save(job, { step: 'delete_old' });
    const where = await audienceWhere(db, job.accountId, audience, clock());
    if (!where)
      return fail(
        job,
        audience.type === 'tag' ? RICH_MENU_TEXT.tagMissing : RICH_MENU_TEXT.segmentMissing,
      );
    const page = await audiencePage(db, where, job.cursor, BULK_LINK_MAX);
    if (page.length === 0) return save(job, { step: 'delete_old', ...going });
    // A retry sends the same friends again: linking a friend to the same menu twice is one link.
    const call = await client.bulkLink(
      token,
      main.newLineId!,
      page.map((friend) => friend.lineUserId),
    );
    if (call.kind !== 'ok') return trouble(job, call, null);
    return save(job, {
      cursor: page[page.length - 1]!.id,
      linked: job.linked + page.length,
      total: Math.max(job.total, job.linked + page.length),
      ...going,
    });
  }

  /**
   * The users of the old LINE menus move to the new ones in one batch, under the job's own
   * `resumeRequestKey`: a retry after a 5xx or a lost answer sends the same key, so LINE resumes
   * the batch it took instead of switching anyone twice. Then its progress is read until LINE
   * says it succeeded.
   */
  async function batch(job: Job, token: string, moves: PlanEntry[]) {
    if (job.batchRequestId === null) {
      if (await budgetWait(job, 'batch')) return null;
      const operations = moves.map((e) => ({
        type: 'link' as const,
        from: e.oldLineId!,
        to: e.newLineId!,
      }));
      const call = await client.batch(token, operations, job.batchKey!);
      if (call.kind !== 'refused') await spend(db, job.accountId, 'batch', clock());
      if (call.kind !== 'ok') return trouble(job, call, 'batch');
      if (call.requestId === null)
        return save(job, { plan: withPlan(job, (p) => (p.batched = true)), ...going });
      return save(job, { batchRequestId: call.requestId, ...going });
    }
    const call = await client.batchProgress(token, job.batchRequestId);
    if (call.kind !== 'ok') return trouble(job, call, null);
    const phase = call.body.phase;
    if (phase === 'succeeded')
      return save(job, { plan: withPlan(job, (p) => (p.batched = true)), ...going });
    if (phase === 'failed')
      return fail(job, 'LINE が友だちのリッチメニューの切り替えを完了できませんでした');
    const until = new Date(clock().getTime() + PROGRESS_POLL_MS);
    return waitUntil(job, until, `LINE が友だちのリッチメニューを切り替えています`);
  }

  async function deleteOld(job: Job, token: string) {
    const entry = planOf(job).entries.find(
      (e) => e.oldLineId !== null && e.oldLineId !== e.newLineId && !e.oldDeleted,
    );
    if (!entry) return finish(job);
    if (await budgetWait(job, 'menu')) return null;
    const call = await client.deleteMenu(token, entry.oldLineId!);
    if (call.kind !== 'refused') await spend(db, job.accountId, 'menu', clock());
    const missing = call.kind === 'refused' && call.status === 404;
    if (call.kind !== 'ok' && !missing) return trouble(job, call, 'menu');
    const plan = withPlan(job, (p) => {
      p.entries.find((e) => e.menuId === entry.menuId)!.oldDeleted = true;
    });
    return save(job, { plan, ...going });
  }

  /** Every menu of the publish is live on its new LINE menu: 公開中. */
  async function finish(job: Job) {
    const entries = planOf(job).entries;
    await db.transaction(async (tx) => {
      for (const entry of entries)
        await tx
          .update(richMenus)
          .set({ state: 'published', lineRichMenuId: entry.newLineId, updatedAt: clock() })
          .where(eq(richMenus.id, entry.menuId));
    });
    await save(job, { step: 'done', state: 'done', leaseUntil: null, ...going }, 'published');
    return null;
  }

  const steps: Record<string, (job: Job, token: string) => Promise<Job | null>> = {
    validate,
    create,
    upload_image: uploadImage,
    aliases,
    link,
    delete_old: deleteOld,
  };
  return {
    /** One step of the job; null when it stops here (waits, failed or done). */
    step(job: Job, token: string): Promise<Job | null> {
      const run = steps[job.step];
      return run ? run(job, token) : finish(job);
    },
    fail,
    waitUntil,
  };
}
