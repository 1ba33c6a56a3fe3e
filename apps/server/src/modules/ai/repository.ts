import type { AiRun, AiRunKind, AiOutcome, AiToolCall } from '@tsunagu/contracts';
import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { aiRuns, aiSettings, chatMessages, members, salons } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

export type AiSettingsRow = typeof aiSettings.$inferSelect;
export type AiSettingsWrite = Omit<typeof aiSettings.$inferInsert, 'accountId' | 'updatedAt'>;

export async function findSettings(db: Executor, accountId: number) {
  const [row] = await db.select().from(aiSettings).where(eq(aiSettings.accountId, accountId));
  return row;
}

export async function saveSettings(db: Executor, accountId: number, values: AiSettingsWrite) {
  await db
    .insert(aiSettings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({
      target: aiSettings.accountId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** The first day of a Tokyo calendar month (YYYY-MM) as an instant. */
const monthStart = (month: string) => sql`(${`${month}-01 00:00:00+09`})::timestamptz`;

/** This Tokyo month's cost of the account's runs, in yen. */
export async function spentInMonth(db: Executor, accountId: number, month: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${aiRuns.costYen}), 0)::float8` })
    .from(aiRuns)
    .where(and(eq(aiRuns.accountId, accountId), gte(aiRuns.createdAt, monthStart(month))));
  return Number(row?.total ?? 0);
}

export interface RunRecord {
  accountId: number;
  memberId: number | null;
  kind: AiRunKind;
  question: string;
  tools: AiToolCall[];
  answer: string;
  outcome: AiOutcome;
  reason: string | null;
  inputTokens: number;
  outputTokens: number;
  costYen: number;
  latencyMs: number;
  /** The module's clock, so the month's meter and the log agree with "today". */
  createdAt: Date;
}

export async function insertRun(db: Executor, run: RunRecord): Promise<number> {
  const [row] = await db.insert(aiRuns).values(run).returning({ id: aiRuns.id });
  return row!.id;
}

export async function listRuns(db: Executor, accountId: number, limit = 100): Promise<AiRun[]> {
  const rows = await db
    .select({ run: aiRuns, friendName: members.displayName })
    .from(aiRuns)
    .leftJoin(members, eq(members.id, aiRuns.memberId))
    .where(eq(aiRuns.accountId, accountId))
    .orderBy(desc(aiRuns.createdAt), desc(aiRuns.id))
    .limit(limit);
  return rows.map(({ run, friendName }) => ({
    id: run.id,
    kind: run.kind as AiRunKind,
    friend_id: run.memberId,
    friend_name: friendName ?? null,
    question: run.question,
    tools: run.tools,
    answer: run.answer,
    outcome: run.outcome as AiOutcome,
    reason: run.reason,
    input_tokens: run.inputTokens,
    output_tokens: run.outputTokens,
    cost_yen: run.costYen,
    latency_ms: run.latencyMs,
    created_at: run.createdAt.toISOString(),
  }));
}

/** The salon the answers speak for: the account's first (decision 0351). */
export async function firstSalon(db: Executor, accountId: number) {
  const [row] = await db
    .select({ id: salons.id, name: salons.name, publicKey: salons.publicKey })
    .from(salons)
    .where(eq(salons.accountId, accountId))
    .orderBy(asc(salons.id))
    .limit(1);
  return row;
}

/** A friend of the account: name and the newest text they wrote (for drafts). */
export async function friendOf(db: Executor, accountId: number, friendId: number) {
  const [row] = await db
    .select({ id: members.id, name: members.displayName })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, friendId)));
  return row;
}

/** The newest text a friend wrote in their chat (what a draft answers). */
export async function latestFriendText(db: Executor, accountId: number, friendId: number) {
  const [row] = await db
    .select({ text: chatMessages.text })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.accountId, accountId),
        eq(chatMessages.memberId, friendId),
        eq(chatMessages.direction, 'in'),
        eq(chatMessages.kind, 'text'),
        isNull(chatMessages.unsentAt),
      ),
    )
    .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
    .limit(1);
  return row?.text ?? null;
}

/** A run whose answer could not be sent after all: handed off, with the reason. */
export async function markRunHandedOff(db: Executor, runId: number, reason: string) {
  await db.update(aiRuns).set({ outcome: 'handed_off', reason }).where(eq(aiRuns.id, runId));
}
