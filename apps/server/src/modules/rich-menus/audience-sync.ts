import { and, eq, sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import {
  members,
  richMenuDefaults,
  richMenuJobs,
  richMenuUserLinks,
} from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import type { CredentialSource, DispatcherLog } from '../tel/index.js';
import type { LineRichMenuClient } from './line-rich-menu-client.js';
import { liveMenus, wantedLinks, type MenuPick } from './menu-rules.js';
import { BULK_LINK_MAX } from './publish-steps.js';
import { forgetLinks, recordDefault, recordLinks } from './user-links.js';
import { createPollLoop } from '../../lib/poll-loop.js';

/** How often the rules are judged again (a new tag, a schedule's time): once a minute. */
export const AUDIENCE_SYNC_EVERY_MS = 60_000;
const LEASE_MS = 120_000;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

/**
 * Who sees which, kept true (decision 0300): for each account with menus of ours, what the rules
 * say now (action > tag/segment, newest publish first > default; schedules) against what we
 * last had LINE show, and only the difference goes to LINE — bulk link / unlink ≤ 500 friends a
 * call, the default set or cancelled. Any process may run it (a lease per account); an account
 * whose menu is being published waits for that job. A refused or unanswered call is tried again
 * at the next pass: the difference is judged again, and a link to the same menu twice is one.
 */
export function createRichMenuAudienceSync(deps: {
  db: Database;
  client: LineRichMenuClient;
  credentials: Pick<CredentialSource, 'forSending'>;
  log: DispatcherLog;
  clock?: () => Date;
}) {
  const { db, client, log } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function lease(accountId: number, now: Date) {
    await db.insert(richMenuDefaults).values({ accountId, updatedAt: now }).onConflictDoNothing();
    const taken = await db
      .update(richMenuDefaults)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(richMenuDefaults.accountId, accountId),
          sql`(${richMenuDefaults.leaseUntil} is null or ${richMenuDefaults.leaseUntil} <= ${now.toISOString()})`,
        ),
      )
      .returning({ id: richMenuDefaults.accountId });
    return taken.length > 0;
  }
  const release = (accountId: number) =>
    db
      .update(richMenuDefaults)
      .set({ leaseUntil: null })
      .where(eq(richMenuDefaults.accountId, accountId));

  /** One account: 'done', or 'later' when LINE or a running publish stopped it. */
  async function syncAccount(accountId: number, token: string, now: Date) {
    const live = await liveMenus(db, accountId, now);
    const wanted = await wantedLinks(db, accountId, live, now);
    const current = await db
      .select({
        memberId: richMenuUserLinks.memberId,
        lineId: richMenuUserLinks.lineRichMenuId,
        menuId: richMenuUserLinks.richMenuId,
        rule: richMenuUserLinks.rule,
        lineUserId: members.lineUserId,
        following: sql<boolean>`${members.followState} = 'following'`,
      })
      .from(richMenuUserLinks)
      .innerJoin(members, eq(members.id, richMenuUserLinks.memberId))
      .where(eq(richMenuUserLinks.accountId, accountId));
    const had = new Map(current.map((row) => [row.memberId, row]));
    const toLink = new Map<string, { pick: MenuPick; ids: number[] }>();
    const relabel: { id: number; pick: MenuPick }[] = [];
    for (const [memberId, pick] of wanted) {
      const before = had.get(memberId);
      if (before?.lineId === pick.menu.lineId) {
        if (before.rule !== pick.rule || before.menuId !== pick.menu.id)
          relabel.push({ id: memberId, pick });
        continue;
      }
      const group = toLink.get(pick.menu.lineId) ?? { pick, ids: [] };
      group.ids.push(memberId);
      toLink.set(pick.menu.lineId, group);
    }
    for (const { id, pick } of relabel) await recordLinks(db, accountId, [id], linkOf(pick), now);
    const gone = current.filter((row) => !wanted.has(row.memberId));
    // Not following: LINE shows them nothing; only our record goes.
    await forgetLinks(
      db,
      accountId,
      gone.filter((row) => !row.following).map((row) => row.memberId),
    );
    const lineIds = await lineUserIds(
      accountId,
      [...toLink.values()].flatMap((g) => g.ids),
    );
    for (const { pick, ids } of toLink.values())
      for (const page of chunks(ids, BULK_LINK_MAX)) {
        const users = page.map((id) => lineIds.get(id)!);
        const call = await client.bulkLink(token, pick.menu.lineId, users);
        if (call.kind !== 'ok') return stopped(accountId, call);
        await recordLinks(db, accountId, page, linkOf(pick), now);
      }
    for (const page of chunks(
      gone.filter((row) => row.following),
      BULK_LINK_MAX,
    )) {
      const call = await client.bulkUnlink(
        token,
        page.map((row) => row.lineUserId),
      );
      if (call.kind !== 'ok') return stopped(accountId, call);
      await forgetLinks(
        db,
        accountId,
        page.map((row) => row.memberId),
      );
    }
    const [stored] = await db
      .select({ lineId: richMenuDefaults.lineRichMenuId })
      .from(richMenuDefaults)
      .where(eq(richMenuDefaults.accountId, accountId));
    const wantedDefault = live.default?.lineId ?? null;
    if ((stored?.lineId ?? null) !== wantedDefault) {
      const call = wantedDefault
        ? await client.setDefault(token, wantedDefault)
        : await client.cancelDefault(token);
      if (call.kind !== 'ok') return stopped(accountId, call);
      await recordDefault(db, accountId, wantedDefault, now);
    }
    return 'done' as const;
  }
  const linkOf = (pick: MenuPick) => ({
    richMenuId: pick.menu.id,
    lineRichMenuId: pick.menu.lineId,
    rule: pick.rule,
  });
  function stopped(accountId: number, call: { kind: string; reason?: string }) {
    log.warn({ accountId, reason: call.reason }, 'rich menus: audience sync stopped, next pass');
    return 'later' as const;
  }
  async function lineUserIds(accountId: number, ids: number[]) {
    const map = new Map<number, string>();
    for (const page of chunks(ids, 5_000)) {
      const rows = await selectRows<{ id: number; line_user_id: string }>(
        db,
        sql`select id, line_user_id from members
          where account_id = ${accountId} and id = any(${`{${page.join(',')}}`}::int[])`,
      );
      for (const row of rows) map.set(row.id, row.line_user_id);
    }
    return map;
  }

  /** One pass over every account with menus of ours; the accounts synced. */
  async function runOnce(): Promise<number> {
    const now = clock();
    const accounts = await selectRows<{ account_id: number }>(
      db,
      sql`select account_id from rich_menus where line_rich_menu_id is not null
        union select account_id from rich_menu_user_links
        union select account_id from rich_menu_defaults where line_rich_menu_id is not null`,
    );
    let synced = 0;
    for (const { account_id: accountId } of accounts) {
      const [busy] = await db
        .select({ id: richMenuJobs.id })
        .from(richMenuJobs)
        .where(
          and(
            eq(richMenuJobs.accountId, accountId),
            eq(richMenuJobs.kind, 'publish'),
            eq(richMenuJobs.state, 'running'),
          ),
        )
        .limit(1);
      if (busy) continue;
      const creds = await deps.credentials.forSending(accountId);
      if (creds.kind !== 'ready') continue;
      if (!(await lease(accountId, now))) continue;
      try {
        if ((await syncAccount(accountId, creds.token, now)) === 'done') synced += 1;
      } catch (error) {
        log.error({ err: error, accountId }, 'rich menus: audience sync error');
      } finally {
        await release(accountId);
      }
    }
    return synced;
  }

  // The shared poll loop (decision 0290): a pass now, then every AUDIENCE_SYNC_EVERY_MS.
  const loop = createPollLoop({
    round: async () => {
      await runOnce();
    },
    pollMs: AUDIENCE_SYNC_EVERY_MS,
    onError: (error) => log.error({ err: error }, 'rich menus: audience sync pass failed'),
  });
  return {
    runOnce,
    start: () => loop.start(),
    stop: () => loop.stop(),
  };
}
export type RichMenuAudienceSync = ReturnType<typeof createRichMenuAudienceSync>;
