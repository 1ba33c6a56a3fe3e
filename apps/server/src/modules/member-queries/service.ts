import {
  isDateValue,
  MEMBER_QUERY_TEXT,
  memberConditionSchema,
  MESSAGES,
  todayInTokyo,
  VAR_CONDITION_OPS_BY_TYPE,
  varOpTakesValue,
  type VarType,
  type FriendList,
  type MemberQuery,
  type MemberQueryCondition,
  type MemberQueryInput,
} from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import type { FriendsService } from '../friends/index.js';
import { conditionFunnels, conditionWhere } from '../member-conditions/index.js';
import * as repository from './repository.js';

const storedConditions = z.array(memberConditionSchema);

type VarCondition = Extract<MemberQueryCondition['conditions'][number], { kind: 'var' }>;

/** What is wrong with a friend-information condition for its field's type, if anything. */
function varConditionProblem(
  part: VarCondition,
  type: VarType,
  choiceIds: ReadonlySet<number>,
): { key: string; message: string } | undefined {
  if (!VAR_CONDITION_OPS_BY_TYPE[type].includes(part.op))
    return { key: 'op', message: MEMBER_QUERY_TEXT.varOpInvalid };
  if (part.op === 'in') {
    if (part.choice_ids.length === 0)
      return { key: 'choice_ids', message: MEMBER_QUERY_TEXT.varChoicesRequired };
    if (part.choice_ids.some((id) => !choiceIds.has(id)))
      return { key: 'choice_ids', message: MEMBER_QUERY_TEXT.varChoiceNotFound };
    return undefined;
  }
  if (!varOpTakesValue(part.op)) return undefined;
  if (part.value === '') return { key: 'value', message: MEMBER_QUERY_TEXT.varValueRequired };
  if (type === 'number' && !Number.isFinite(Number(part.value)))
    return { key: 'value', message: MEMBER_QUERY_TEXT.varNumberInvalid };
  if (type === 'date' && !isDateValue(part.value))
    return { key: 'value', message: MEMBER_QUERY_TEXT.varDateInvalid };
  return undefined;
}

function memberQueryOf(row: repository.MemberQueryRow): MemberQuery {
  return {
    id: row.id,
    name: row.name,
    match: row.match === 'any' ? 'any' : 'all',
    conditions: storedConditions.parse(row.conditions),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function createMemberQueriesService(deps: {
  db: Executor;
  friends: FriendsService;
  /** The present; the reservation conditions count days from its Tokyo date. */
  clock?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  /**
   * Every tag, friend-information field and funnel a condition names must be the account's, a
   * field's op, value and choices must suit its type (decision 0158), a funnel step must exist
   * (decision 0430): 422s naming the condition.
   */
  async function checkTags(accountId: number, condition: MemberQueryCondition) {
    const named = condition.conditions.flatMap((part) =>
      part.kind === 'tags' ? part.tag_ids : [],
    );
    const own = await repository.ownTagIds(db, accountId, [...new Set(named)]);
    const vars = await repository.ownVarItems(db, accountId, [
      ...new Set(
        condition.conditions.flatMap((part) => (part.kind === 'var' ? [part.var_id] : [])),
      ),
    ]);
    const funnels = await conditionFunnels(db, accountId, condition.conditions);
    const errors: Record<string, string[]> = {};
    condition.conditions.forEach((part, index) => {
      if (part.kind === 'funnel') {
        const funnel = funnels.get(part.funnel_id);
        if (!funnel) errors[`conditions.${index}.funnel_id`] = [MEMBER_QUERY_TEXT.funnelNotFound];
        else if (part.step > funnel.steps.length)
          errors[`conditions.${index}.step`] = [MEMBER_QUERY_TEXT.funnelStepInvalid];
      }
      if (part.kind === 'tags' && part.tag_ids.some((id) => !own.has(id)))
        errors[`conditions.${index}.tag_ids`] = [MEMBER_QUERY_TEXT.tagNotFound];
      if (part.kind !== 'var') return;
      const field = vars.get(part.var_id);
      const problem = field
        ? varConditionProblem(part, field.type as VarType, field.choiceIds)
        : { key: 'var_id', message: MEMBER_QUERY_TEXT.varNotFound };
      if (problem) errors[`conditions.${index}.${problem.key}`] = [problem.message];
    });
    if (Object.keys(errors).length > 0)
      throw new ValidationError(MESSAGES.validationFailed, errors);
  }

  async function find(accountId: number, id: number) {
    const row = await repository.findMemberQuery(db, accountId, id);
    if (!row) throw new NotFoundError(MEMBER_QUERY_TEXT.notFound);
    return memberQueryOf(row);
  }

  const valuesOf = (input: MemberQueryInput) => ({
    name: input.name,
    match: input.match,
    conditions: input.conditions,
  });

  return {
    async list(accountId: number): Promise<MemberQuery[]> {
      return (await repository.listMemberQueries(db, accountId)).map(memberQueryOf);
    },
    get: find,
    async create(accountId: number, input: MemberQueryInput): Promise<number> {
      await checkTags(accountId, input);
      return repository.insertMemberQuery(db, accountId, valuesOf(input));
    },
    async update(accountId: number, id: number, input: MemberQueryInput): Promise<MemberQuery> {
      await find(accountId, id);
      await checkTags(accountId, input);
      const row = await repository.updateMemberQuery(db, accountId, id, valuesOf(input));
      if (!row) throw new NotFoundError(MEMBER_QUERY_TEXT.notFound);
      return memberQueryOf(row);
    },
    async remove(accountId: number, id: number): Promise<void> {
      if (!(await repository.deleteMemberQuery(db, accountId, id)))
        throw new NotFoundError(MEMBER_QUERY_TEXT.notFound);
    },
    /** JRN-24: a page of the friends the segment finds, as the friends list shows them. */
    async members(accountId: number, id: number, page?: number): Promise<FriendList> {
      const query = await find(accountId, id);
      const funnels = await conditionFunnels(db, accountId, query.conditions);
      const where = conditionWhere(accountId, query, todayInTokyo(clock()), funnels);
      return deps.friends.list(accountId, { page }, where);
    },
    /** How many friends an unsaved condition finds (the editor's 該当人数). */
    async count(accountId: number, condition: MemberQueryCondition): Promise<number> {
      await checkTags(accountId, condition);
      const funnels = await conditionFunnels(db, accountId, condition.conditions);
      const where = conditionWhere(accountId, condition, todayInTokyo(clock()), funnels);
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(members)
        .where(sql`${members.accountId} = ${accountId} and ${where}`);
      return row?.total ?? 0;
    },
  };
}

export type MemberQueriesService = ReturnType<typeof createMemberQueriesService>;
