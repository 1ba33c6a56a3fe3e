import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A rich menu of an account (issue 25, decisions 0256 and 0258): our menu as the owner made it —
 * areas whose actions name our action sets and menus (contracts' `RichMenuArea`), the prepared
 * image (≤ 1 MB, LINE's size, decision 0257) — and where it stands on LINE: its state, LINE's
 * `richMenuId` once created there, and the publish job's progress (contracts'
 * `RichMenuPublishProgress`).
 */
export const richMenus = pgTable(
  'rich_menus',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    chatBarText: text().notNull(),
    selected: boolean().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    areas: jsonb().notNull().default([]),
    state: text().notNull().default('draft'),
    /** The prepared image and its type; null until `PUT …/image`. */
    image: bytea(),
    imageContentType: text(),
    /** LINE's `richMenuId` of the live version; a publish of an edit makes a new one. */
    lineRichMenuId: text(),
    /** The alias LINE knows this menu by (tabs switch through it), unique per account. */
    lineAliasId: text(),
    publish: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rich_menus_account_idx').on(table.accountId),
    uniqueIndex('rich_menus_alias_unique').on(table.accountId, table.lineAliasId),
    check(
      'rich_menus_state_check',
      sql`${table.state} in ('draft', 'publishing', 'published', 'failed', 'replaced')`,
    ),
    check(
      'rich_menus_image_type_check',
      sql`(${table.image} is null) = (${table.imageContentType} is null)`,
    ),
  ],
);
