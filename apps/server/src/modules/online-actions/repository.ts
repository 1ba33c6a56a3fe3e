import { onlineActionSchema, type OnlineConfig } from '@tsunagu/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { members, onlineActionRuns, salonOnlineConfigs } from '../../db/schema/index.js';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';

export type OnlineAction = OnlineConfig['actions'][number];

const storedActions = z.array(onlineActionSchema).catch([]);

/** The salon's online actions that are switched on. */
export async function enabledActions(db: Executor, salonId: number): Promise<OnlineAction[]> {
  const [row] = await db
    .select({ actions: salonOnlineConfigs.actions })
    .from(salonOnlineConfigs)
    .where(eq(salonOnlineConfigs.salonId, salonId));
  return storedActions.parse(row?.actions ?? []).filter((action) => action.enabled);
}

/**
 * Claims the action for the reservation: true only for the first call (decision 0131), so an
 * action runs at most once per booking whatever retries or duplicates come.
 */
export async function claimRun(db: Executor, reservationId: number, actionType: string) {
  const rows = await db
    .insert(onlineActionRuns)
    .values({ reservationId, actionType })
    .onConflictDoNothing()
    .returning({ reservationId: onlineActionRuns.reservationId });
  return rows.length === 1;
}

export async function memberFace(db: Executor, memberId: number) {
  const [row] = await db
    .select({ displayName: members.displayName, iconUrl: members.iconUrl })
    .from(members)
    .where(eq(members.id, memberId));
  return row ?? { displayName: '', iconUrl: '' };
}

/** Salons whose day-before reminder is switched on, with their account and name. */
export async function salonsWithReminder(db: Executor) {
  const rows = await selectRows<{ id: number; account_id: number; name: string; actions: unknown }>(
    db,
    sql`
      select s.id, s.account_id, s.name, c.actions
      from salon_online_configs c join salons s on s.id = c.salon_id
      where c.actions @> '[{"type": "remind_day_before", "enabled": true}]'::jsonb`,
  );
  return rows.map((row) => ({
    salonId: row.id,
    accountId: row.account_id,
    salonName: row.name,
    action: storedActions
      .parse(typeof row.actions === 'string' ? JSON.parse(row.actions) : row.actions)
      .find((action) => action.type === 'remind_day_before' && action.enabled),
  }));
}
