import { RICH_MENU_TEXT, type RichMenuAudience } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { richMenus } from '../../db/schema/index.js';
import { audienceCount, audienceWhere } from './audience.js';
import { spend } from './budget.js';
import { lineMenuBody } from './line-menu-body.js';
import { createJobIo, type StepDeps } from './publish-job-io.js';
import { createLinkSteps } from './publish-link-steps.js';
import type { Job } from './publish-plan.js';
import { recordMove } from './user-links.js';

export { BULK_LINK_MAX } from './publish-link-steps.js';
export type { StepDeps } from './publish-job-io.js';

/**
 * One step of a publish job (decision 0260): at most one LINE call that changes anything, then
 * the job is saved with what it did, so a job taken up again never repeats a done call. Answers
 * the saved job when it may go on now, or null when it waits, failed or is done. The link step
 * is publish-link-steps.ts; saving, waiting and failing publish-job-io.ts.
 */
export function createPublishSteps(deps: StepDeps) {
  const { db, client, signer, clock } = deps;
  const io = createJobIo(deps);
  const { save, planOf, withPlan, going, fail, trouble, budgetWait, menuOf, gone } = io;
  const { link } = createLinkSteps(deps, io);

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

  /**
   * Every menu of the publish is live on its new LINE menu: 公開中. The menu itself keeps the
   * job's audience as its live one (decision 0300); what we recorded on the old LINE menus
   * moved with the batch.
   */
  async function finish(job: Job) {
    const entries = planOf(job).entries;
    const now = clock();
    await db.transaction(async (tx) => {
      for (const [i, entry] of entries.entries()) {
        await tx
          .update(richMenus)
          .set({
            state: 'published',
            lineRichMenuId: entry.newLineId,
            publishedAt: now,
            updatedAt: now,
            ...(i === 0 ? { liveAudience: job.audience } : {}),
          })
          .where(eq(richMenus.id, entry.menuId));
        if (entry.oldLineId && entry.newLineId && entry.oldLineId !== entry.newLineId)
          await recordMove(tx, job.accountId, entry.oldLineId, entry.newLineId);
      }
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
    fail: io.fail,
    waitUntil: io.waitUntil,
  };
}
