import { RICH_MENU_TEXT, type RichMenuAudience } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { richMenus } from '../../db/schema/index.js';
import { spend } from './budget.js';
import { audiencePage, audienceWhere } from './audience.js';
import type { JobIo, StepDeps } from './publish-job-io.js';
import type { Job, PlanEntry } from './publish-plan.js';
import { recordDefault, recordLinks } from './user-links.js';

/** LINE's bulk link takes at most 500 users a call. */
export const BULK_LINK_MAX = 500;
/** A batch's progress is read this long after the last read. */
const PROGRESS_POLL_MS = 5_000;

/**
 * The publish job's `link` step (decision 0260): the old menus' friends move by one batch, then
 * the default is set or the audience linked in bulk — unless the menu's schedule has not begun
 * or is over (decision 0300: the audience worker links it at its time). What LINE took is
 * recorded (user-links.ts), so the audience worker changes only the difference later.
 */
export function createLinkSteps(deps: StepDeps, io: JobIo) {
  const { db, client, clock } = deps;
  const { save, planOf, withPlan, going, fail, waitUntil, trouble, budgetWait } = io;

  async function shownNow(menuId: number) {
    const [row] = await db
      .select({ from: richMenus.showFrom, until: richMenus.showUntil })
      .from(richMenus)
      .where(eq(richMenus.id, menuId));
    const now = clock().getTime();
    return (!row?.from || row.from.getTime() <= now) && (!row?.until || row.until.getTime() > now);
  }

  async function link(job: Job, token: string) {
    const plan = planOf(job);
    const main = plan.entries[0]!;
    const moves = plan.entries.filter((e) => e.oldLineId !== null && e.oldLineId !== e.newLineId);
    if (moves.length > 0 && !plan.batched) return batch(job, token, moves);
    const audience = job.audience as RichMenuAudience;
    const shown = await shownNow(main.menuId);
    if (audience.type === 'default' && !plan.defaulted && shown) {
      const call = await client.setDefault(token, main.newLineId!);
      if (call.kind !== 'ok') return trouble(job, call, null);
      await recordDefault(db, job.accountId, main.newLineId!, clock());
      return save(job, { plan: withPlan(job, (p) => (p.defaulted = true)), ...going });
    }
    if (audience.type === 'default' || !plan.bulk || !shown)
      return save(job, { step: 'delete_old' });
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
    await recordLinks(
      db,
      job.accountId,
      page.map((friend) => friend.id),
      { richMenuId: main.menuId, lineRichMenuId: main.newLineId!, rule: audience.type },
      clock(),
    );
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

  return { link };
}
