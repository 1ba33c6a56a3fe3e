import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, operators } from './accounts.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Images an operator attaches to a message (issue 24, decision 0305): an お知らせ's image or a
 * chat reply's. LINE fetches them from us at `/media/images/{key}` (the original, ≤ 10 MB) and
 * `/media/images/{key}/preview` (≤ 1 MB), without sign-in: `key` is 32 random bytes
 * (base64url), the only thing that names the image publicly. Kept in the database like friends'
 * media (decision 0231): every process serves it, it goes with the backup and the account.
 */
export const messageImages = pgTable(
  'message_images',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
    previewContentType: text().notNull(),
    previewBytes: bytea().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    uploadedBy: integer().references(() => operators.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('message_images_key').on(table.key),
    index('message_images_account').on(table.accountId),
    check(
      'message_images_content_type_check',
      sql`${table.contentType} in ('image/jpeg', 'image/png') and ${table.previewContentType} in ('image/jpeg', 'image/png')`,
    ),
  ],
);
