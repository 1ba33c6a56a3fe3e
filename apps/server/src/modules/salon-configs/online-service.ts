import {
  CONFIG_MESSAGES,
  onlineActionSchema,
  onlineConfigPatchBodySchemas,
  shopInfoSchema,
  type CustomerField,
  type OnlineConfig,
} from '@tsunagu/contracts';
import { z } from 'zod';
import type { Database, Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { namesEachOnce } from '../../lib/same-ids.js';
import { fieldError, parseOr422 } from '../../lib/validate.js';
import * as repository from './repository.js';
import type { OnlineConfigRow } from './repository.js';

function toOnlineConfig(row: OnlineConfigRow, fields: CustomerField[]): OnlineConfig {
  return {
    id: row.id,
    is_public: row.isPublic,
    title: row.title,
    notice: row.notice,
    shop_info: shopInfoSchema.parse(row.shopInfo ?? {}),
    customer_info: fields,
    actions: z.array(onlineActionSchema).catch([]).parse(row.actions),
  };
}

/** The online booking config (RSV-30..36): title and notice, actions, shop and customer info. */
export function createOnlineConfigService(deps: { db: Database }) {
  const { db } = deps;

  async function customerFields(salonId: number, executor: Executor = db) {
    const rows = await repository.listCustomerFields(executor, salonId);
    return rows.map((row) => ({
      id: row.id,
      label: row.label,
      field_type: row.fieldType as CustomerField['field_type'],
      required: row.required,
      options: row.options,
      order: row.order,
    }));
  }

  async function onlineConfig(salonId: number): Promise<OnlineConfig> {
    const row = await repository.findOnlineConfig(db, salonId);
    if (!row) throw new NotFoundError(CONFIG_MESSAGES.onlineConfigNotFound);
    return toOnlineConfig(row, await customerFields(salonId));
  }

  async function requireOnlineConfig(salonId: number, id: number) {
    const row = await repository.findOnlineConfig(db, salonId);
    if (!row || row.id !== id) throw new NotFoundError(CONFIG_MESSAGES.onlineConfigNotFound);
    return row;
  }

  return {
    onlineConfig,

    async updateOnlineConfig(
      salonId: number,
      id: number,
      input: { is_public: boolean; title: string; notice: string },
    ): Promise<OnlineConfig> {
      await requireOnlineConfig(salonId, id);
      await repository.updateOnlineConfig(db, salonId, id, {
        isPublic: input.is_public,
        title: input.title,
        notice: input.notice,
      });
      return onlineConfig(salonId);
    },

    async updateActions(
      salonId: number,
      id: number,
      actions: z.infer<typeof onlineActionSchema>[],
    ): Promise<OnlineConfig> {
      await requireOnlineConfig(salonId, id);
      await repository.updateOnlineConfig(db, salonId, id, { actions });
      return onlineConfig(salonId);
    },

    /** RSV-33..36: customer-info upsert / remove / sort, or shop info. */
    async patchOnlineConfig(
      salonId: number,
      attr: keyof typeof onlineConfigPatchBodySchemas,
      body: unknown,
    ): Promise<OnlineConfig> {
      const config = await repository.findOnlineConfig(db, salonId);
      if (!config) throw new NotFoundError(CONFIG_MESSAGES.onlineConfigNotFound);
      switch (attr) {
        case 'shop': {
          const shopInfo = parseOr422(onlineConfigPatchBodySchemas.shop, body, '');
          await repository.updateOnlineConfig(db, salonId, config.id, { shopInfo });
          break;
        }
        case 'customer:upsert': {
          const field = parseOr422(onlineConfigPatchBodySchemas['customer:upsert'], body, '');
          const values = {
            label: field.label,
            fieldType: field.field_type,
            required: field.required,
            options: field.options,
          };
          if (field.id === undefined) await repository.insertCustomerField(db, salonId, values);
          else if (!(await repository.updateCustomerField(db, salonId, field.id, values)))
            throw fieldError('id', CONFIG_MESSAGES.customerFieldNotFound);
          break;
        }
        case 'customer:remove': {
          const { id } = parseOr422(onlineConfigPatchBodySchemas['customer:remove'], body, '');
          if (!(await repository.deleteCustomerField(db, salonId, id)))
            throw fieldError('id', CONFIG_MESSAGES.customerFieldNotFound);
          break;
        }
        case 'customer:sort': {
          const { sorted_ids } = parseOr422(
            onlineConfigPatchBodySchemas['customer:sort'],
            body,
            '',
          );
          await db.transaction(async (tx) => {
            const existing = (await customerFields(salonId, tx)).map((field) => field.id);
            if (!namesEachOnce(sorted_ids, existing))
              throw fieldError('sorted_ids', CONFIG_MESSAGES.customerSortMismatch);
            await repository.sortCustomerFields(tx, salonId, sorted_ids);
          });
          break;
        }
      }
      return onlineConfig(salonId);
    },
  };
}
