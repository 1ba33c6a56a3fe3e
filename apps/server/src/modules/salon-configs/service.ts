import {
  CONFIG_MESSAGES,
  bookingConfigSchema,
  cancelConfigSchema,
  configTypeBodySchemas,
  onlineActionSchema,
  onlineConfigPatchBodySchemas,
  shopInfoSchema,
  type ConfigType,
  type CustomerField,
  type OnlineConfig,
  type OpeningConfig,
  type OpeningConfigInput,
  type SalonConfig,
  type SalonConfigInput,
  type SalonConfigSwitch,
  type SalonUrl,
  type SalonUrlInput,
  todayInTokyo,
} from '@tsunagu/contracts';
import { z } from 'zod';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { namesEachOnce } from '../../lib/same-ids.js';
import { fieldError, parseOr422 } from '../../lib/validate.js';
import * as repository from './repository.js';
import type { ConfigRow, OnlineConfigRow } from './repository.js';

const settingsSchema = z.object({
  booking: bookingConfigSchema.catch(bookingConfigSchema.parse({})),
  cancel: cancelConfigSchema.catch(cancelConfigSchema.parse({})),
});

function toConfig(salonId: number, row: ConfigRow | undefined): SalonConfig {
  const settings = settingsSchema.parse(row?.settings ?? {});
  return {
    salon_id: salonId,
    is_saved: row !== undefined,
    enable_online: row?.enableOnline ?? false,
    sync_shift: row?.syncShift ?? false,
    push_notification: row?.pushNotification ?? true,
    booking: settings.booking,
    cancel: settings.cancel,
  };
}

function configRow(salonId: number, input: SalonConfigInput) {
  return {
    salonId,
    enableOnline: input.enable_online,
    syncShift: input.sync_shift,
    pushNotification: input.push_notification,
    settings: { booking: input.booking, cancel: input.cancel },
  };
}

const SWITCH_COLUMNS = {
  enable_online: 'enableOnline',
  sync_shift: 'syncShift',
  push_notification: 'pushNotification',
} as const;

/** The opening hours a salon has before it saves its own for a year. */
export function defaultOpening(year: number): OpeningConfig {
  return {
    year,
    weekdays: Array.from({ length: 7 }, () => ({ is_open: true, from: '10:00', to: '20:00' })),
    dates: {},
    is_saved: false,
  };
}

/** A salon's opening hours of a year (the defaults until saved), read on any executor. */
export async function readOpening(
  executor: Executor,
  salonId: number,
  year: number,
): Promise<OpeningConfig> {
  const row = await repository.findOpening(executor, salonId, year);
  if (!row) return defaultOpening(year);
  return {
    year,
    weekdays: row.weekdays as OpeningConfig['weekdays'],
    dates: row.dates as OpeningConfig['dates'],
    is_saved: true,
  };
}

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

export function createConfigService(deps: { db: Database }) {
  const { db } = deps;

  async function get(salonId: number, executor: Executor = db): Promise<SalonConfig> {
    return toConfig(salonId, await repository.findConfig(executor, salonId));
  }

  async function opening(salonId: number, year?: number): Promise<OpeningConfig> {
    return readOpening(db, salonId, year ?? Number(todayInTokyo().slice(0, 4)));
  }

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
    get,
    opening,
    onlineConfig,

    /** RSV-09: creates the config once; a second POST is 409 (use PUT to change it). */
    async create(salonId: number, input: SalonConfigInput): Promise<SalonConfig> {
      if (!(await repository.insertConfig(db, configRow(salonId, input))))
        throw new ConflictError(CONFIG_MESSAGES.alreadyCreated);
      return get(salonId);
    },

    /** RSV-10: replaces the whole config (creating it when missing). */
    async replace(salonId: number, input: SalonConfigInput): Promise<SalonConfig> {
      await repository.upsertConfig(db, configRow(salonId, input));
      return get(salonId);
    },

    /** RSV-11: one typed config; the body is checked against `{type}`'s own schema. */
    async putType(
      salonId: number,
      type: ConfigType,
      body: unknown,
    ): Promise<{ config?: SalonConfig; opening?: OpeningConfig }> {
      if (type === 'opening') {
        const input: OpeningConfigInput = parseOr422(configTypeBodySchemas.opening, body, '');
        await repository.upsertOpening(db, salonId, input.year, input.weekdays, input.dates);
        return { opening: await opening(salonId, input.year) };
      }
      const value = parseOr422(configTypeBodySchemas[type], body, '');
      await db.transaction(async (tx) => {
        const current = toConfig(salonId, await repository.lockConfig(tx, salonId));
        await repository.upsertConfig(tx, configRow(salonId, { ...current, [type]: value }));
      });
      return { config: await get(salonId) };
    },

    /** RSV-12: flips one of the three switches, or sets it to `value` when given. */
    async toggle(salonId: number, key: SalonConfigSwitch, value?: boolean): Promise<SalonConfig> {
      await db.transaction(async (tx) => {
        const current = toConfig(salonId, await repository.lockConfig(tx, salonId));
        const next = value ?? !current[key];
        await repository.upsertConfig(tx, {
          ...configRow(salonId, current),
          [SWITCH_COLUMNS[key]]: next,
        });
      });
      return get(salonId);
    },

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

    /** RSV-16: the salon's public booking page. */
    onlineUrl(origin: string, publicKey: string): string {
      return `${origin.replace(/\/$/, '')}/r/${publicKey}`;
    },

    async salonUrls(salonId: number, onlineUrl: string): Promise<SalonUrl[]> {
      const rows = await repository.listSalonUrls(db, salonId);
      return rows.map((row) => {
        const params = new URLSearchParams();
        if (row.utmSource) params.set('utm_source', row.utmSource);
        if (row.utmMedium) params.set('utm_medium', row.utmMedium);
        if (row.utmCampaign) params.set('utm_campaign', row.utmCampaign);
        params.set('salon_url_id', String(row.id));
        return {
          id: row.id,
          name: row.name,
          utm_source: row.utmSource,
          utm_medium: row.utmMedium,
          utm_campaign: row.utmCampaign,
          url: `${onlineUrl}?${params.toString()}`,
          created_at: row.createdAt.toISOString(),
        };
      });
    },

    async createSalonUrl(salonId: number, input: SalonUrlInput): Promise<number> {
      return repository.insertSalonUrl(db, {
        salonId,
        name: input.name,
        utmSource: input.utm_source,
        utmMedium: input.utm_medium,
        utmCampaign: input.utm_campaign,
      });
    },

    async deleteSalonUrl(salonId: number, id: number): Promise<void> {
      if (!(await repository.deleteSalonUrl(db, salonId, id)))
        throw new NotFoundError(CONFIG_MESSAGES.salonUrlNotFound);
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
