import {
  addDaysToDateValue,
  type MemberCondition,
  type MemberQueryCondition,
} from '@tsunagu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import {
  accounts,
  members,
  memberTags,
  salonReservations,
  salons,
  memberVarValues,
  tags,
  varChoices,
  varItems,
} from '../../db/schema/index.js';
import { conditionWhere } from './condition-sql.js';

/**
 * Issue 13: a segment evaluated in SQL finds exactly the friends a plain TypeScript reading of
 * the same condition finds, on random friends, tags, reservations and friend-information values
 * of every type (fast-check, 200 runs).
 */
const TODAY = '2026-11-23';
const TAGS = 4;

interface World {
  members: {
    following: boolean;
    tags: number[];
    reservations: { offset: number; status: number; visited: boolean }[];
    /** Friend information (decision 0158): undefined = no value; choices by index 0..2. */
    text: string | undefined;
    number: number | undefined;
    date: string | undefined;
    choices: number[];
  }[];
}

const TEXTS = ['a', 'ab', 'b%', 'ア_イ'];
const NUMBERS = [-1, 0, 2.5, 10];
const DATES = ['2026-01-01', '2026-06-15', '2026-12-31'];
const CHOICES = 3;
/** The fields of the world, one per type; ids are set once they exist. */
const FIELDS = { text: 0, number: 0, date: 0, multi: 0 };

const worldArbitrary: fc.Arbitrary<World> = fc.record({
  members: fc.array(
    fc.record({
      following: fc.boolean(),
      tags: fc.uniqueArray(fc.integer({ min: 0, max: TAGS - 1 }), { maxLength: TAGS }),
      reservations: fc.array(
        fc.record({
          offset: fc.integer({ min: -20, max: 20 }),
          status: fc.constantFrom(1, 2, -1, -2),
          visited: fc.boolean(),
        }),
        { maxLength: 3 },
      ),
      text: fc.option(fc.constantFrom(...TEXTS), { nil: undefined }),
      number: fc.option(fc.constantFrom(...NUMBERS), { nil: undefined }),
      date: fc.option(fc.constantFrom(...DATES), { nil: undefined }),
      choices: fc.uniqueArray(fc.integer({ min: 0, max: CHOICES - 1 }), { maxLength: CHOICES }),
    }),
    { maxLength: 10 },
  ),
});

type VarPart = Extract<MemberCondition, { kind: 'var' }>;
const varPart = (
  field: keyof typeof FIELDS,
  op: VarPart['op'],
  value = '',
  choice_ids: number[] = [],
) => ({ kind: 'var', var_id: FIELDS[field], op, value, choice_ids }) as VarPart;
const presence = fc.constantFrom('is_set' as const, 'not_set' as const);

/** Friend-information conditions; `choice_ids` are indexes here, field ids are filled in when run. */
const varConditionArbitrary: fc.Arbitrary<MemberCondition> = fc.oneof(
  fc
    .record({
      op: fc.constantFrom('equals' as const, 'contains' as const),
      value: fc.constantFrom('a', 'b', '%', 'ab', 'ア_イ', '_'),
    })
    .map(({ op, value }) => varPart('text', op, value)),
  fc
    .record({
      op: fc.constantFrom('equals' as const, 'gt' as const, 'lt' as const),
      value: fc.constantFrom('-1', '0', '2.5', '5'),
    })
    .map(({ op, value }) => varPart('number', op, value)),
  fc
    .record({
      op: fc.constantFrom('equals' as const, 'before' as const, 'after' as const),
      value: fc.constantFrom(...DATES, '2026-03-01'),
    })
    .map(({ op, value }) => varPart('date', op, value)),
  fc
    .uniqueArray(fc.integer({ min: 0, max: CHOICES - 1 }), { minLength: 1, maxLength: CHOICES })
    .map((ids) => varPart('multi', 'in', '', ids)),
  fc
    .record({
      field: fc.constantFrom('text' as const, 'number' as const, 'date' as const, 'multi' as const),
      op: presence,
    })
    .map(({ field, op }) => varPart(field, op)),
);

/** Conditions over tag indexes 0..TAGS-1 (mapped to the real ids when run). */
const conditionArbitrary: fc.Arbitrary<MemberCondition> = fc.oneof(
  fc.record({
    kind: fc.constant('tags' as const),
    match: fc.constantFrom('any' as const, 'all' as const, 'none' as const),
    tag_ids: fc.uniqueArray(fc.integer({ min: 0, max: TAGS - 1 }), {
      minLength: 1,
      maxLength: TAGS,
    }),
  }),
  fc.record({
    kind: fc.constant('follow' as const),
    state: fc.constantFrom('following' as const, 'blocked' as const),
  }),
  fc.record({
    kind: fc.constant('reservation' as const),
    when: fc.constantFrom('upcoming' as const, 'visited' as const),
    days: fc.integer({ min: 1, max: 15 }),
  }),
  // Friend information has the most ways to go wrong (four types, nine ops): drawn most often.
  { arbitrary: varConditionArbitrary, weight: 4 },
);

const queryArbitrary: fc.Arbitrary<MemberQueryCondition> = fc.record({
  match: fc.constantFrom('all' as const, 'any' as const),
  conditions: fc.array(conditionArbitrary, { minLength: 1, maxLength: 3 }),
});

/** The reference: the condition read member by member, as decision 0145 words it. */
function meets(member: World['members'][number], condition: MemberCondition): boolean {
  switch (condition.kind) {
    case 'tags': {
      const held = condition.tag_ids.filter((tag) => member.tags.includes(tag)).length;
      if (condition.match === 'any') return held > 0;
      if (condition.match === 'all') return held === condition.tag_ids.length;
      return held === 0;
    }
    case 'follow':
      return member.following === (condition.state === 'following');
    case 'reservation':
      return member.reservations.some((r) =>
        condition.when === 'upcoming'
          ? [1, 2].includes(r.status) && r.offset >= 0 && r.offset <= condition.days
          : r.status === 2 &&
            r.offset >= -condition.days &&
            r.offset <= 0 &&
            (r.offset < 0 || r.visited),
      );
    case 'var':
      return meetsVar(member, condition);
    case 'funnel':
      throw new Error(
        'funnel conditions are checked against the funnel reference (funnels.test.ts)',
      );
  }
}

/** Decision 0158 read plainly: the friend's value of the field against the condition. */
function meetsVar(member: World['members'][number], condition: VarPart): boolean {
  const field = (Object.keys(FIELDS) as (keyof typeof FIELDS)[]).find(
    (key) => FIELDS[key] === condition.var_id,
  )!;
  const value =
    field === 'multi' ? (member.choices.length > 0 ? member.choices : undefined) : member[field];
  if (condition.op === 'is_set') return value !== undefined;
  if (condition.op === 'not_set') return value === undefined;
  if (value === undefined) return false;
  switch (condition.op) {
    case 'equals':
      return field === 'number' ? value === Number(condition.value) : value === condition.value;
    case 'contains':
      return (value as string).includes(condition.value);
    case 'gt':
      return (value as number) > Number(condition.value);
    case 'lt':
      return (value as number) < Number(condition.value);
    case 'before':
      return (value as string) < condition.value;
    case 'after':
      return (value as string) > condition.value;
    case 'in':
      return condition.choice_ids.some((choice) => (value as number[]).includes(choice));
  }
}

function reference(world: World, query: MemberQueryCondition): number[] {
  const found: number[] = [];
  world.members.forEach((member, index) => {
    const results = query.conditions.map((condition) => meets(member, condition));
    if (query.match === 'all' ? results.every(Boolean) : results.some(Boolean)) found.push(index);
  });
  return found;
}

describe(`segments in SQL agree with a reference evaluation (${databaseKind})`, () => {
  let t: TestApp;
  let accountId: number;
  let salonId: number;
  let otherSalonId: number;
  let tagIds: number[];
  let choiceIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    [{ id: accountId }] = (await db
      .insert(accounts)
      .values({ name: 'セグメント検証' })
      .returning({ id: accounts.id })) as [{ id: number }];
    const [{ id: otherAccount }] = (await db
      .insert(accounts)
      .values({ name: '別アカウント' })
      .returning({ id: accounts.id })) as [{ id: number }];
    [{ id: salonId }] = (await db
      .insert(salons)
      .values({ accountId, name: '検証サロン', publicKey: 'segment-property' })
      .returning({ id: salons.id })) as [{ id: number }];
    [{ id: otherSalonId }] = (await db
      .insert(salons)
      .values({ accountId: otherAccount, name: '別サロン', publicKey: 'segment-property-other' })
      .returning({ id: salons.id })) as [{ id: number }];
    const rows = await db
      .insert(tags)
      .values(
        Array.from({ length: TAGS }, (_, i) => ({ accountId, name: `タグ${i}`, order: i + 1 })),
      )
      .returning({ id: tags.id });
    tagIds = rows.map((row) => row.id);
    const fields = await db
      .insert(varItems)
      .values(
        (['text', 'number', 'date', 'multi_choice'] as const).map((type, i) => ({
          accountId,
          name: `欄${i}`,
          type,
          order: i + 1,
        })),
      )
      .returning({ id: varItems.id });
    [FIELDS.text, FIELDS.number, FIELDS.date, FIELDS.multi] = fields.map((row) => row.id) as [
      number,
      number,
      number,
      number,
    ];
    choiceIds = (
      await db
        .insert(varChoices)
        .values(
          Array.from({ length: CHOICES }, (_, i) => ({
            varId: FIELDS.multi,
            name: `選択肢${i}`,
            order: i + 1,
          })),
        )
        .returning({ id: varChoices.id })
    ).map((row) => row.id);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  /** Writes the world as the account's only friends; returns their ids in the world's order. */
  async function write(world: World): Promise<number[]> {
    const db = t.app.db;
    await db.delete(salonReservations).where(eq(salonReservations.salonId, salonId));
    await db.delete(salonReservations).where(eq(salonReservations.salonId, otherSalonId));
    await db.delete(members).where(eq(members.accountId, accountId));
    if (world.members.length === 0) return [];
    const ids = (
      await db
        .insert(members)
        .values(
          world.members.map((member, index) => ({
            accountId,
            displayName: `友だち${index}`,
            lineUserId: `U${index}`,
            followState: member.following ? 'following' : 'blocked',
          })),
        )
        .returning({ id: members.id })
    ).map((row) => row.id);
    const memberTagRows = world.members.flatMap((member, index) =>
      member.tags.map((tag) => ({ memberId: ids[index]!, tagId: tagIds[tag]! })),
    );
    if (memberTagRows.length > 0) await db.insert(memberTags).values(memberTagRows);
    const reservationRows = world.members.flatMap((member, index) =>
      member.reservations.map((r) => ({
        salonId,
        memberId: ids[index]!,
        name: `友だち${index}`,
        date: addDaysToDateValue(TODAY, r.offset),
        fromTime: '10:00',
        toTime: '11:00',
        status: r.status,
        visitStatus: r.visited ? 1 : 0,
        source: 'manager',
      })),
    );
    if (reservationRows.length > 0) await db.insert(salonReservations).values(reservationRows);
    const valueRows = world.members.flatMap((member, index) => {
      const memberId = ids[index]!;
      return [
        ...(member.text === undefined
          ? []
          : [{ memberId, varId: FIELDS.text, textValue: member.text }]),
        ...(member.number === undefined
          ? []
          : [{ memberId, varId: FIELDS.number, numberValue: member.number }]),
        ...(member.date === undefined
          ? []
          : [{ memberId, varId: FIELDS.date, dateValue: member.date }]),
        ...member.choices.map((choice) => ({
          memberId,
          varId: FIELDS.multi,
          choiceId: choiceIds[choice]!,
        })),
      ];
    });
    if (valueRows.length > 0) await db.insert(memberVarValues).values(valueRows);
    // Another account's salon holding a confirmed visit and a booking for every friend: it
    // must never count (reservations are read in the account's own salons only).
    await db.insert(salonReservations).values(
      ids.flatMap((memberId) =>
        [-1, 1].map((offset) => ({
          salonId: otherSalonId,
          memberId,
          name: '別サロンの予約',
          date: addDaysToDateValue(TODAY, offset),
          fromTime: '10:00',
          toTime: '11:00',
          status: 2,
          source: 'manager',
        })),
      ),
    );
    return ids;
  }

  it('finds exactly the reference friends (200 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(worldArbitrary, queryArbitrary, async (world, query) => {
        const ids = await write(world);
        const real: MemberQueryCondition = {
          ...query,
          conditions: query.conditions.map((condition) =>
            condition.kind === 'tags'
              ? { ...condition, tag_ids: condition.tag_ids.map((tag) => tagIds[tag]!) }
              : condition.kind === 'var'
                ? { ...condition, choice_ids: condition.choice_ids.map((c) => choiceIds[c]!) }
                : condition,
          ),
        };
        const rows = await t.app.db
          .select({ id: members.id })
          .from(members)
          .where(and(eq(members.accountId, accountId), conditionWhere(accountId, real, TODAY)))
          .orderBy(sql`${members.id}`);
        expect(rows.map((row) => row.id)).toEqual(reference(world, query).map((i) => ids[i]));
      }),
      { numRuns: 200 },
    );
  }, 300_000);
});
