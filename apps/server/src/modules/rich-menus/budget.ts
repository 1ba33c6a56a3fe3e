import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { richMenuSpends } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

const HOUR_MS = 3_600_000;

/** LINE's hourly budgets per channel (messaging-api.yml): creates+deletes 100, batches 3. */
export const RICH_MENU_BUDGETS = {
  menu: { limit: 100, label: 'リッチメニューの作成と削除は1時間に100回まで' },
  batch: { limit: 3, label: 'ユーザーのリッチメニューの一括切り替えは1時間に3回まで' },
} as const;
export type BudgetKind = keyof typeof RICH_MENU_BUDGETS;

/** `11月26日 17:05` — a Tokyo wall-clock time, never the machine's zone. */
export function tokyoWhen(at: Date): string {
  const t = new Date(at.getTime() + 9 * HOUR_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCMonth() + 1}月${t.getUTCDate()}日 ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}`;
}

/** What the job says while it waits for a budget: which limit and when it goes on. */
export function budgetWaitReason(kind: BudgetKind | null, until: Date): string {
  const limit = kind ? RICH_MENU_BUDGETS[kind].label : '429';
  return `LINE の上限（${limit}）に達したため、${tokyoWhen(until)}ごろに続きを行います`;
}

/**
 * When the account's hourly budget of this kind has room again: null when it has room now,
 * otherwise the time the oldest spend of the last hour leaves the window.
 */
export async function budgetFreeAt(
  db: Executor,
  accountId: number,
  kind: BudgetKind,
  now: Date,
): Promise<Date | null> {
  const { limit } = RICH_MENU_BUDGETS[kind];
  const recent = await db
    .select({ at: richMenuSpends.at })
    .from(richMenuSpends)
    .where(
      and(
        eq(richMenuSpends.accountId, accountId),
        eq(richMenuSpends.kind, kind),
        gt(richMenuSpends.at, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .orderBy(asc(richMenuSpends.at));
  if (recent.length < limit) return null;
  return new Date(recent[recent.length - limit]!.at.getTime() + HOUR_MS);
}

/**
 * After LINE answered 429 for a budget: its Retry-After, else when our oldest spend of the hour
 * leaves the window, else an hour from now (LINE's window has surely moved on by then).
 */
export async function limitedUntil(
  db: Executor,
  accountId: number,
  kind: BudgetKind,
  now: Date,
  retryAfterMs: number | undefined,
): Promise<Date> {
  if (retryAfterMs !== undefined) return new Date(now.getTime() + retryAfterMs);
  const [oldest] = await db
    .select({ at: richMenuSpends.at })
    .from(richMenuSpends)
    .where(
      and(
        eq(richMenuSpends.accountId, accountId),
        eq(richMenuSpends.kind, kind),
        gt(richMenuSpends.at, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .orderBy(asc(richMenuSpends.at))
    .limit(1);
  return new Date((oldest?.at.getTime() ?? now.getTime()) + HOUR_MS);
}

/** One call of the budget made (taken by LINE, or perhaps taken: a 5xx). Old spends go. */
export async function spend(db: Executor, accountId: number, kind: BudgetKind, now: Date) {
  await db.insert(richMenuSpends).values({ accountId, kind, at: now });
  await db
    .delete(richMenuSpends)
    .where(
      and(
        eq(richMenuSpends.accountId, accountId),
        lt(richMenuSpends.at, new Date(now.getTime() - 2 * HOUR_MS)),
      ),
    );
}
