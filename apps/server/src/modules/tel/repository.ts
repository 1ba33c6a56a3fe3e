import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { driverClientOf } from '../../db/driver-client.js';
import { insertReturningId } from '../../db/rows.js';
import { telMessages, telOrders, telTemplates } from '../../db/schema/index.js';
import type { Executor, Transaction } from '../../db/types.js';

/**
 * Queries of the operator-facing tel calls. Every one takes the account id: an order or a
 * template of another account does not exist here (404, never its data).
 */

export async function insertTemplate(
  db: Executor,
  accountId: number,
  values: { name: string; body: string },
): Promise<number> {
  return insertReturningId(db, telTemplates, { accountId, ...values });
}

export function listTemplates(db: Executor, accountId: number) {
  return db
    .select({ id: telTemplates.id, name: telTemplates.name, createdAt: telTemplates.createdAt })
    .from(telTemplates)
    .where(eq(telTemplates.accountId, accountId))
    .orderBy(asc(telTemplates.id));
}

export async function insertOrder(
  db: Executor,
  accountId: number,
  description: string,
): Promise<number> {
  return insertReturningId(db, telOrders, { accountId, description });
}

export async function setOrderCountAll(db: Executor, orderId: number, countAll: number) {
  await db.update(telOrders).set({ countAll }).where(eq(telOrders.id, orderId));
}

export interface NewMessage {
  tel: string;
  telE164: string;
  /** ISO instant with offset. */
  scheduledAt: string;
  templateId: number;
  params: Record<string, string>;
}

/**
 * One multi-row INSERT (single messages, the demo seed; the upload COPYes, see copyMessages).
 * The rows travel as a single JSON parameter and are unpacked by jsonb_to_recordset: one bind
 * parameter instead of eight per row, the same on both drivers.
 */
export async function insertMessages(
  db: Executor,
  accountId: number,
  orderId: number,
  rows: NewMessage[],
): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(
    rows.map((row) => ({
      tel: row.tel,
      tel_e164: row.telE164,
      scheduled_at: row.scheduledAt,
      template_id: row.templateId,
      params: row.params,
    })),
  );
  await db.execute(sql`
    insert into tel_messages
      (account_id, order_id, scheduled_at, next_attempt_at, tel, tel_e164, template_id, params)
    select ${accountId}, ${orderId}, r.scheduled_at, r.scheduled_at, r.tel, r.tel_e164,
           r.template_id, r.params
    from jsonb_to_recordset(${payload}::jsonb)
      as r(tel text, tel_e164 text, scheduled_at timestamptz, template_id integer, params jsonb)
  `);
}

const COPY_MESSAGES =
  'COPY tel_messages (account_id, order_id, scheduled_at, next_attempt_at, tel, tel_e164, template_id, params)';
const COPY_ESCAPED = /[\\\t\n\r]/;
const COPY_ESCAPED_ALL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

/**
 * A value in COPY's text format: backslash, tab, newline and carriage return are escaped, so a
 * value can never end its column or row early, nor read as `\N` (NULL) or `\.` (end of data).
 * NUL cannot occur: the upload rejects it, and JSON.stringify writes it as `\u0000`.
 */
export function copyText(value: string): string {
  return COPY_ESCAPED.test(value)
    ? value.replace(COPY_ESCAPED_ALL, (char) => COPY_ESCAPES[char] as string)
    : value;
}

/** The rows as COPY text-format lines, in the column order of COPY_MESSAGES. */
function copyLines(accountId: number, orderId: number, rows: NewMessage[]): string {
  const head = `${accountId}\t${orderId}\t`;
  let text = '';
  for (const row of rows) {
    const at = copyText(row.scheduledAt);
    text += `${head}${at}\t${at}\t${copyText(row.tel)}\t${copyText(row.telE164)}\t${row.templateId}\t${copyText(JSON.stringify(row.params))}\n`;
  }
  return text;
}

export interface MessageCopy {
  /** Rows per `write` call that suits the driver (the caller batches). */
  batchSize: number;
  write(rows: NewMessage[]): Promise<void>;
  /** Ends the COPY; the rows are then in the transaction. */
  finish(): Promise<void>;
  /** Abandons the COPY (nothing of it is kept); the transaction must then be rolled back. */
  abort(): Promise<void>;
}

/**
 * Messages written with COPY inside the given transaction (docs/decisions/0020-tel-upload.md).
 * PostgreSQL: one `COPY … FROM STDIN` stream for the whole upload; each batch is written as
 * soon as it is read, and the server parses and stores it in its own process while we read the
 * next one. Backpressure (the socket) keeps the unsent text to about one batch.
 * Call `finish` or `abort` before any other statement of the transaction.
 */
export function copyMessages(tx: Transaction, accountId: number, orderId: number): MessageCopy {
  const driver = driverClientOf(tx);
  const stream = driver.client.query(copyFrom(`${COPY_MESSAGES} FROM STDIN`));
  let failure: unknown;
  // Kept, and thrown by the next write or by finish; the transaction is then rolled back.
  stream.on('error', (error) => {
    failure ??= error;
  });
  return {
    batchSize: 1000,
    async write(rows) {
      if (failure) throw failure;
      if (rows.length === 0) return;
      if (!stream.write(copyLines(accountId, orderId, rows))) await once(stream, 'drain');
    },
    async finish() {
      if (failure) throw failure;
      stream.end();
      await finished(stream);
    },
    async abort() {
      // The server already ended the COPY with an error: nothing to cancel.
      if (failure) return;
      // CopyFail: the server ends the COPY with an error and keeps none of its rows.
      stream.destroy(new Error('upload rejected'));
      await finished(stream).catch(() => {});
    },
  };
}

const orderColumns = {
  id: telOrders.id,
  createdAt: telOrders.createdAt,
  status: telOrders.status,
  description: telOrders.description,
  countAll: telOrders.countAll,
  countSuccess: telOrders.countSuccess,
  countFailed: telOrders.countFailed,
};

/** Newest first. */
export function listOrders(db: Executor, accountId: number) {
  return db
    .select(orderColumns)
    .from(telOrders)
    .where(eq(telOrders.accountId, accountId))
    .orderBy(desc(telOrders.id));
}

export async function findOrder(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select(orderColumns)
    .from(telOrders)
    .where(and(eq(telOrders.accountId, accountId), eq(telOrders.id, id)));
  return row;
}

/** In upload order (message id). */
export function listMessages(db: Executor, accountId: number, orderId: number) {
  return db
    .select({
      id: telMessages.id,
      scheduledAt: telMessages.scheduledAt,
      status: telMessages.status,
      sentAt: telMessages.sentAt,
      tel: telMessages.tel,
      templateId: telMessages.templateId,
      params: telMessages.params,
      failureReason: telMessages.failureReason,
      failureDetails: telMessages.failureDetails,
      deliveredAt: telMessages.deliveredAt,
    })
    .from(telMessages)
    .where(and(eq(telMessages.accountId, accountId), eq(telMessages.orderId, orderId)))
    .orderBy(asc(telMessages.id));
}

/** One message of the order with its template (null when template 0 or the template is gone). */
export async function findMessageWithTemplate(
  db: Executor,
  accountId: number,
  orderId: number,
  messageId: number,
) {
  const [row] = await db
    .select({
      templateId: telMessages.templateId,
      params: telMessages.params,
      templateName: telTemplates.name,
      templateBody: telTemplates.body,
    })
    .from(telMessages)
    .leftJoin(
      telTemplates,
      and(eq(telTemplates.id, telMessages.templateId), eq(telTemplates.accountId, accountId)),
    )
    .where(
      and(
        eq(telMessages.accountId, accountId),
        eq(telMessages.orderId, orderId),
        eq(telMessages.id, messageId),
      ),
    );
  return row;
}

/**
 * Messages per status, and of those still before sending (1) how many are past their time with
 * a valid template and how many have template 0 — one scan of the order's rows.
 */
export async function summarizeOrder(db: Executor, accountId: number, orderId: number) {
  const before = sql`${telMessages.status} = 1`;
  const rows = await db
    .select({
      status: telMessages.status,
      count: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${before} and ${telMessages.templateId} <> 0 and ${telMessages.scheduledAt} <= now()))::int`,
      invalid: sql<number>`(count(*) filter (where ${before} and ${telMessages.templateId} = 0))::int`,
    })
    .from(telMessages)
    .where(and(eq(telMessages.accountId, accountId), eq(telMessages.orderId, orderId)))
    .groupBy(telMessages.status);
  return rows;
}

/**
 * A conditional transition: the row changes only when its status is one of `from`, decided by
 * the database under the row lock, so two concurrent requests cannot both succeed. Returns the
 * new status, or undefined when nothing changed.
 */
export async function transitionOrder(
  db: Executor,
  accountId: number,
  id: number,
  from: number[],
  to: number,
): Promise<number | undefined> {
  const now = sql`now()`;
  const [row] = await db
    .update(telOrders)
    .set({
      status: to,
      ...(to === 1 ? { orderedAt: now } : {}),
      ...(to === -1 ? { cancelledAt: now } : {}),
    })
    .where(
      and(
        eq(telOrders.accountId, accountId),
        eq(telOrders.id, id),
        inArray(telOrders.status, from),
      ),
    )
    .returning({ status: telOrders.status });
  return row?.status;
}
