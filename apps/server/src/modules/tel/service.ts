import {
  LINE_CHANNEL_MESSAGES,
  TEL_LIMITS,
  TEL_MESSAGES,
  TEL_ORDER_STATUS,
  canCancelTel,
  canOrderTel,
  normalizePhone,
  parseTelDate,
  parseTelTime,
  type TelMessage,
  type TelOrder,
  type TelOrderStatus,
  type TelOrderSummary,
  type TelMessagePreview,
  type TelMessageStatus,
  type TelTemplateListItem,
  type TelUploadResponse,
  type telRegisterInputSchema,
  type telTemplateInputSchema,
} from '@tsunagu/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { toTokyoIso, toTokyoIsoOrNull } from '../../lib/tokyo-time.js';
import { fieldError } from '../../lib/validate.js';
import { lineChannelReader } from '../line/index.js';
import { readTelCsv } from './csv-upload.js';
import { notifyDispatchers } from './dispatch-repository.js';
import { previewMessage } from './message-preview.js';
import { readOrderSummary } from './order-summary.js';
import * as repository from './repository.js';
import { shareTemplateIds } from './template-repository.js';

type RegisterInput = z.output<typeof telRegisterInputSchema>;
type TemplateInput = z.output<typeof telTemplateInputSchema>;

export interface UploadInput {
  bytes: Buffer;
  description: string;
}

/** Ids that are not the account's templates become 0 (DEC-08, TEL-27): nothing is revealed. */
function templateIdOrZero(id: number, own: Set<number>): number {
  return own.has(id) ? id : 0;
}

function nonEmptyParams(params: Record<string, string | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') kept[key] = value;
  }
  return kept;
}

export function createTelService(deps: {
  db: Database;
  /** TEL_SENDER=line: an order needs the account's LINE channel, with PNP on (decision 0045). */
  requireChannel: boolean;
}) {
  const { db } = deps;

  /** 422 on `status` unless the account can send now: a connected channel with PNP enabled. */
  async function requireSendingChannel(accountId: number) {
    if (!deps.requireChannel) return;
    const channel = await lineChannelReader.find(db, accountId);
    if (!channel) throw fieldError('status', LINE_CHANNEL_MESSAGES.notConnected);
    if (!channel.pnpEnabled) throw fieldError('status', LINE_CHANNEL_MESSAGES.pnpDisabled);
  }

  async function orderOrNotFound(accountId: number, id: number) {
    const order = await repository.findOrder(db, accountId, id);
    if (!order) throw new NotFoundError(TEL_MESSAGES.orderNotFound);
    return order;
  }

  return {
    async listOrders(accountId: number): Promise<TelOrder[]> {
      const rows = await repository.listOrders(db, accountId);
      return rows.map((row) => ({
        id: row.id,
        created_at: toTokyoIso(row.createdAt),
        status: row.status as TelOrderStatus,
        description: row.description,
        count_all: row.countAll,
        count_success: row.countSuccess,
        count_failed: row.countFailed,
      }));
    },

    async listMessages(accountId: number, orderId: number): Promise<TelMessage[]> {
      await orderOrNotFound(accountId, orderId);
      const rows = await repository.listMessages(db, accountId, orderId);
      return rows.map((row) => ({
        id: row.id,
        datetime: toTokyoIso(row.scheduledAt),
        status: row.status as TelMessageStatus,
        sent_at: toTokyoIsoOrNull(row.sentAt),
        tel: row.tel,
        template_id: row.templateId,
        params: row.params,
        failure_reason: row.failureReason,
        failure_details: row.failureDetails ?? [],
        delivered_at: toTokyoIsoOrNull(row.deliveredAt),
      }));
    },

    /** Counts per status and the warnings of the order confirmation (issue 10). */
    async orderSummary(accountId: number, orderId: number): Promise<TelOrderSummary> {
      await orderOrNotFound(accountId, orderId);
      return readOrderSummary(db, accountId, orderId);
    },

    /** One message as the customer would receive it (issue 10: the detail shows it on demand). */
    async messagePreview(
      accountId: number,
      orderId: number,
      messageId: number,
    ): Promise<TelMessagePreview> {
      await orderOrNotFound(accountId, orderId);
      const row = await repository.findMessageWithTemplate(db, accountId, orderId, messageId);
      if (!row) throw new NotFoundError(TEL_MESSAGES.messageNotFound);
      return previewMessage(row);
    },

    async orderStatus(accountId: number, orderId: number): Promise<TelOrderStatus> {
      return (await orderOrNotFound(accountId, orderId)).status as TelOrderStatus;
    },

    /**
     * TEL-30/31: 0 → 1 only from draft; → -1 unless already -1 or 3. The database decides
     * (conditional UPDATE), so of two concurrent requests exactly one changes the order.
     */
    async changeStatus(accountId: number, orderId: number, to: 1 | -1): Promise<TelOrderStatus> {
      if (to === TEL_ORDER_STATUS.ordered) await requireSendingChannel(accountId);
      const from =
        to === TEL_ORDER_STATUS.ordered
          ? [TEL_ORDER_STATUS.draft]
          : [TEL_ORDER_STATUS.draft, TEL_ORDER_STATUS.ordered, TEL_ORDER_STATUS.inProgress];
      const changed = await repository.transitionOrder(db, accountId, orderId, from, to);
      if (changed !== undefined) {
        // Placed: wake the dispatchers now rather than at their next poll (best effort).
        if (changed === TEL_ORDER_STATUS.ordered) await notifyDispatchers(db).catch(() => {});
        return changed as TelOrderStatus;
      }
      const current = await orderOrNotFound(accountId, orderId);
      if (to === TEL_ORDER_STATUS.ordered && !canOrderTel(current.status)) {
        throw new ConflictError(TEL_MESSAGES.cannotOrder);
      }
      if (to === TEL_ORDER_STATUS.cancelled && !canCancelTel(current.status)) {
        throw new ConflictError(TEL_MESSAGES.cannotCancel);
      }
      // The status moved between the update and the read (the dispatcher): a conflict too.
      throw new ConflictError(TEL_MESSAGES.statusChangeFailed);
    },

    async listTemplates(accountId: number): Promise<TelTemplateListItem[]> {
      const rows = await repository.listTemplates(db, accountId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        created_at: toTokyoIso(row.createdAt),
      }));
    },

    registerTemplate(accountId: number, input: TemplateInput): Promise<number> {
      return repository.insertTemplate(db, accountId, input);
    },

    /** TEL-46: one message as a new draft order; answers the order id (TEL-47 highlight). */
    async register(accountId: number, input: RegisterInput): Promise<number> {
      // The schema already checked these; parsing again gives the normalised values.
      const phone = normalizePhone(input.tel);
      const date = parseTelDate(input.date);
      const time = parseTelTime(input.time);
      if (!phone || !date || !time) throw new Error('register input passed validation unparsed');
      return db.transaction(async (tx) => {
        // Share-locked: the template cannot be deleted while this message is being stored.
        const own = await shareTemplateIds(tx, accountId, [input.template_id]);
        const orderId = await repository.insertOrder(tx, accountId, '');
        await repository.insertMessages(tx, accountId, orderId, [
          {
            tel: phone.domestic,
            telE164: phone.e164,
            scheduledAt: `${date}T${time}+09:00`,
            templateId: templateIdOrZero(input.template_id, own),
            params: nonEmptyParams(input.params),
          },
        ]);
        await repository.setOrderCountAll(tx, orderId, 1);
        return orderId;
      });
    },

    /**
     * TEL-56/62, DEC-08: the whole file becomes one draft order, or nothing is stored. Rows are
     * COPYed in batches inside one transaction while the parser reads on; the first bad row
     * stops the COPY, the rest is still validated, and the COPY is abandoned and the transaction
     * rolled back.
     */
    async upload(accountId: number, input: UploadInput): Promise<TelUploadResponse> {
      const description = input.description.trim();
      if (description.length > TEL_LIMITS.descriptionChars) {
        throw new ValidationError(TEL_MESSAGES.uploadFailed, {
          description: [`メモは${TEL_LIMITS.descriptionChars}文字以内で入力してください`],
        });
      }
      return db.transaction(async (tx) => {
        // Share-locked: no template can be deleted while messages naming it are being stored.
        const own = await shareTemplateIds(tx, accountId);
        const orderId = await repository.insertOrder(tx, accountId, description);
        const copy = repository.copyMessages(tx, accountId, orderId);
        let result;
        try {
          result = await readTelCsv(
            input.bytes,
            (rows) => {
              for (const row of rows) row.templateId = templateIdOrZero(row.templateId, own);
              return copy.write(rows);
            },
            { batchSize: copy.batchSize },
          );
        } catch (error) {
          await copy.abort();
          throw error;
        }
        if (result.errorCount > 0) {
          await copy.abort();
          const lines = [...result.errors];
          if (result.errorCount > result.errors.length) {
            lines.push(TEL_MESSAGES.moreErrors(result.errorCount - result.errors.length));
          }
          throw new ValidationError(TEL_MESSAGES.uploadRejected(result.errorCount), {
            file: lines,
          });
        }
        await copy.finish();
        await repository.setOrderCountAll(tx, orderId, result.rows);
        const summary = await readOrderSummary(tx, accountId, orderId);
        return {
          id: orderId,
          corrected_phone_count: result.correctedPhoneCount,
          non_mobile_phone_count: result.nonMobilePhoneCount,
          non_mobile_phone_lines: result.nonMobilePhoneLines,
          overdue_count: summary.overdue_count,
          invalid_template_count: summary.invalid_template_count,
        };
      });
    },
  };
}

export type TelService = ReturnType<typeof createTelService>;
