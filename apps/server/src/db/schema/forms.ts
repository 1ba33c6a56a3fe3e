import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { varItems } from './friend-info.js';
import { members } from './members.js';

/** Folders of an account's answer forms (issue 13); `order` begins at 1. */
export const formGroups = pgTable(
  'form_groups',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('form_groups_name_per_account').on(table.accountId, table.name)],
);

/**
 * An answer form friends fill in. `code` names it in messages ({{form:code}}, unique in the
 * account); `public_key` is the random, unguessable part of its public answer page's URL.
 * `accepting` false closes the page without deleting the form.
 */
export const forms = pgTable(
  'forms',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => formGroups.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    code: text().notNull(),
    publicKey: text().notNull(),
    /** Signs each friend's answer link (never shown; decision 0150). */
    answerSecret: text().notNull(),
    description: text().notNull().default(''),
    thanksMessage: text().notNull().default(''),
    accepting: boolean().notNull().default(true),
    favorite: boolean().notNull().default(false),
    order: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('forms_code_per_account').on(table.accountId, table.code),
    uniqueIndex('forms_public_key').on(table.publicKey),
    index('forms_group_idx').on(table.groupId),
  ],
);

/**
 * A question of a form, in order. An answer is stored as the friend's value of `var_id` (a
 * friend information field of the same account), so what a friend answers is what operators
 * see and segment on; `choices` are the shown options of a choice question (names of the
 * field's choices). Deleting the field deletes the question with it.
 */
export const formQuestions = pgTable(
  'form_questions',
  {
    id: serial().primaryKey(),
    formId: integer()
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    varId: integer()
      .notNull()
      .references(() => varItems.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    help: text().notNull().default(''),
    required: boolean().notNull().default(false),
    order: integer().notNull(),
  },
  (table) => [
    index('form_questions_form_idx').on(table.formId, table.order),
    uniqueIndex('form_questions_one_per_field').on(table.formId, table.varId),
  ],
);

/**
 * One submission of a form by a friend: when, and what was answered (question label and the
 * value as shown, kept as it was even if the form changes later), for the friend's detail.
 */
export const formAnswers = pgTable(
  'form_answers',
  {
    id: serial().primaryKey(),
    formId: integer()
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    answers: jsonb().$type<{ question: string; answer: string }[]>().notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('form_answers_member_idx').on(table.memberId, table.answeredAt),
    index('form_answers_form_idx').on(table.formId, table.answeredAt),
    check('form_answers_is_array', sql`jsonb_typeof(${table.answers}) = 'array'`),
  ],
);
