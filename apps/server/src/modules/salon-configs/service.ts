import {
  CONFIG_MESSAGES,
  bookingConfigSchema,
  cancelConfigSchema,
  configTypeBodySchemas,
  type ConfigType,
  type OpeningConfig,
  type OpeningConfigInput,
  type SalonConfig,
  type SalonConfigInput,
  type SalonConfigSwitch,
  todayInTokyo,
} from '@tsunagu/contracts';
import { z } from 'zod';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError } from '../../lib/errors.js';
import { parseOr422 } from '../../lib/validate.js';
import { createOnlineConfigService } from './online-service.js';
import { readOpening } from './opening.js';
import * as repository from './repository.js';
import type { ConfigRow } from './repository.js';
import { createSalonUrlService } from './salon-urls.js';

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

export function createConfigService(deps: { db: Database }) {
  const { db } = deps;

  async function get(salonId: number, executor: Executor = db): Promise<SalonConfig> {
    return toConfig(salonId, await repository.findConfig(executor, salonId));
  }

  async function opening(salonId: number, year?: number): Promise<OpeningConfig> {
    return readOpening(db, salonId, year ?? Number(todayInTokyo().slice(0, 4)));
  }

  return {
    ...createOnlineConfigService(deps),
    ...createSalonUrlService(deps),
    get,
    opening,

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
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
