import {
  FUNNEL_TEXT,
  funnelDefinitionSchema,
  type FriendList,
  type Funnel,
  type FunnelDefinition,
  type FunnelInput,
  type FunnelResult,
} from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import type { FriendsService } from '../friends/index.js';
import { checkFunnelRefs } from './check-refs.js';
import { funnelCounts, funnelMembersWhere } from '../funnel-query/index.js';
import * as repository from './repository.js';

const definitionOf = (input: FunnelDefinition): FunnelDefinition => ({
  steps: input.steps,
  cohort: input.cohort,
  ordered: input.ordered,
  window_days: input.window_days,
});

function funnelOf(row: repository.FunnelRow): Funnel {
  return {
    id: row.id,
    name: row.name,
    ...funnelDefinitionSchema.parse(row.definition),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A % with one decimal, or null when there is nothing to divide by. */
const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** The result table from the counts (decision 0362). */
export function resultOf(
  definition: FunnelDefinition,
  counts: { cohort: number; reached: number[] },
): FunnelResult {
  return {
    cohort: counts.cohort,
    steps: definition.steps.map((step, index) => {
      const reached = counts.reached[index]!;
      const before = index === 0 ? counts.cohort : counts.reached[index - 1]!;
      return {
        step: index + 1,
        kind: step.kind,
        ref_id: step.ref_id,
        reached,
        not_reached: before - reached,
        rate: percent(reached, counts.cohort),
        step_rate: percent(reached, before),
        goal: step.goal,
      };
    }),
  };
}

/** Funnels of an account (issue 30): saved definitions and their counts over the events log. */
export function createFunnelsService(deps: { db: Executor; friends: FriendsService }) {
  const { db } = deps;

  async function find(accountId: number, id: number): Promise<Funnel> {
    const row = await repository.findFunnel(db, accountId, id);
    if (!row) throw new NotFoundError(FUNNEL_TEXT.notFound);
    return funnelOf(row);
  }

  return {
    async list(accountId: number): Promise<Funnel[]> {
      return (await repository.listFunnels(db, accountId)).map(funnelOf);
    },
    get: find,
    async create(accountId: number, input: FunnelInput): Promise<number> {
      await checkFunnelRefs(db, accountId, input);
      return repository.insertFunnel(db, accountId, {
        name: input.name,
        definition: definitionOf(input),
      });
    },
    async update(accountId: number, id: number, input: FunnelInput): Promise<Funnel> {
      await find(accountId, id);
      await checkFunnelRefs(db, accountId, input);
      const row = await repository.updateFunnel(db, accountId, id, {
        name: input.name,
        definition: definitionOf(input),
      });
      if (!row) throw new NotFoundError(FUNNEL_TEXT.notFound);
      return funnelOf(row);
    },
    async remove(accountId: number, id: number): Promise<void> {
      if (!(await repository.deleteFunnel(db, accountId, id)))
        throw new NotFoundError(FUNNEL_TEXT.notFound);
    },
    /** An unsaved definition's counts (the editor's preview). */
    async preview(accountId: number, definition: FunnelDefinition): Promise<FunnelResult> {
      await checkFunnelRefs(db, accountId, definition);
      return resultOf(definition, await funnelCounts(db, accountId, definition));
    },
    async result(accountId: number, id: number): Promise<FunnelResult> {
      const funnel = await find(accountId, id);
      return resultOf(funnel, await funnelCounts(db, accountId, funnel));
    },
    /** A page of one count's friends, as the friends list shows them. */
    async members(
      accountId: number,
      id: number,
      query: { step: number; reached: boolean; page?: number | undefined },
    ): Promise<FriendList> {
      const funnel = await find(accountId, id);
      if (query.step > funnel.steps.length) throw new NotFoundError(FUNNEL_TEXT.stepInvalid);
      const where = funnelMembersWhere(accountId, funnel, query.step, query.reached);
      return deps.friends.list(accountId, { page: query.page }, where);
    },
  };
}

export type FunnelsService = ReturnType<typeof createFunnelsService>;
