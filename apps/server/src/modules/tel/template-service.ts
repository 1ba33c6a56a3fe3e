import {
  TEL_TEMPLATE_MESSAGES,
  canChangeTelTemplateBody,
  canDeleteTelTemplate,
  canonicalTemplateBody,
  type TelTemplate,
  type TelTemplateUsage,
  type telTemplateInputSchema,
} from '@tsunagu/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { toTokyoIso } from '../../lib/tokyo-time.js';
import * as templates from './template-repository.js';

type TemplateInput = z.output<typeof telTemplateInputSchema>;

async function usageOf(db: Executor, accountId: number, id: number): Promise<TelTemplateUsage> {
  const { draft, ordered } = await templates.templateUsage(db, accountId, id);
  return { draft_messages: draft, ordered_messages: ordered };
}

/**
 * One template: read with what uses it, edit, delete (decision 0085). The checks run inside the
 * transaction that writes, after locking the template and the account's drafts, so an order
 * placed or an upload stored at the same moment cannot slip between the count and the change.
 */
export function createTelTemplateService({ db }: { db: Database }) {
  async function lockedOrNotFound(tx: Executor, accountId: number, id: number) {
    const template = await templates.lockTemplate(tx, accountId, id);
    if (!template) throw new NotFoundError(TEL_TEMPLATE_MESSAGES.notFound);
    await templates.lockDraftOrders(tx, accountId);
    return { template, usage: await usageOf(tx, accountId, id) };
  }

  return {
    async get(accountId: number, id: number): Promise<TelTemplate> {
      const template = await templates.findTemplate(db, accountId, id);
      if (!template) throw new NotFoundError(TEL_TEMPLATE_MESSAGES.notFound);
      return {
        id: template.id,
        name: template.name,
        created_at: toTokyoIso(template.createdAt),
        body: template.body,
        usage: await usageOf(db, accountId, id),
      };
    },

    /** The name always; the body unless messages already ordered would change (409). */
    async update(accountId: number, id: number, input: TemplateInput): Promise<TelTemplate> {
      await db.transaction(async (tx) => {
        const { template, usage } = await lockedOrNotFound(tx, accountId, id);
        const bodyChanged =
          canonicalTemplateBody(template.body) !== canonicalTemplateBody(input.body);
        if (bodyChanged && !canChangeTelTemplateBody(usage)) {
          throw new ConflictError(TEL_TEMPLATE_MESSAGES.bodyLocked(usage));
        }
        await templates.updateTemplate(tx, accountId, id, input);
      });
      return this.get(accountId, id);
    },

    /** Refused (409) while an unsent draft or ordered message uses the template. */
    async remove(accountId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { usage } = await lockedOrNotFound(tx, accountId, id);
        if (!canDeleteTelTemplate(usage)) {
          throw new ConflictError(TEL_TEMPLATE_MESSAGES.inUse(usage));
        }
        await templates.deleteTemplate(tx, accountId, id);
      });
    },
  };
}
