import {
  ACTION_TEXT,
  MESSAGES,
  OPERATOR_NOTICES_PAGE,
  RICH_MENU_TEXT,
  type Action,
  type ActionSet,
  type FollowSettings,
  type OnUnblock,
  type OperatorNotice,
} from '@tsunagu/contracts';
import { and, desc, eq } from 'drizzle-orm';
import {
  actionSets,
  followSettings,
  members,
  operatorNotices,
  richMenus,
} from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { friendInfoItemsByIds } from '../friend-info/index.js';
import { isStartableEpisode } from '../episodes/index.js';
import { ownedIds } from '../journeys/index.js';
import type { PostbackSigner } from '../postback-signing/index.js';

type SetRow = typeof actionSets.$inferSelect;

/**
 * Each action's target is the account's own, and types not usable yet are refused, naming the
 * field (`actions.2.tag_id`): a list saved is a list that can run (decision 0250).
 */
export async function assertActions(
  db: Executor,
  accountId: number,
  actions: readonly Action[],
  field = 'actions',
  extra: Record<string, string[]> = {},
) {
  const errors: Record<string, string[]> = { ...extra };
  for (const [index, action] of actions.entries()) {
    const at = (name: string) => `${field}.${index}.${name}`;
    const check = async (
      kind: 'template' | 'tag' | 'journey',
      id: number,
      name: string,
      message: string,
    ) => {
      if (!(await ownedIds(db, accountId, kind, [id])).has(id)) errors[at(name)] = [message];
    };
    switch (action.type) {
      case 'send_template':
        await check('template', action.template_id, 'template_id', ACTION_TEXT.templateNotFound);
        break;
      case 'add_tag':
      case 'remove_tag':
        await check('tag', action.tag_id, 'tag_id', ACTION_TEXT.tagNotFound);
        break;
      case 'start_journey':
      case 'stop_journey':
        await check('journey', action.journey_id, 'journey_id', ACTION_TEXT.journeyNotFound);
        break;
      case 'set_friend_info':
        if ((await friendInfoItemsByIds(db, accountId, [action.var_id])).length === 0)
          errors[at('var_id')] = [ACTION_TEXT.varNotFound];
        break;
      case 'start_episode':
        if (!(await isStartableEpisode(db, accountId, action.episode_id)))
          errors[at('episode_id')] = [ACTION_TEXT.episodeNotFound];
        break;
      case 'switch_rich_menu': {
        // The account's own menu, once it is on LINE (decision 0263).
        const [menu] = await db
          .select({ state: richMenus.state, lineRichMenuId: richMenus.lineRichMenuId })
          .from(richMenus)
          .where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, action.rich_menu_id)));
        if (!menu) errors[at('rich_menu_id')] = [RICH_MENU_TEXT.notFound];
        else if (menu.lineRichMenuId === null && menu.state !== 'publishing')
          errors[at('rich_menu_id')] = [ACTION_TEXT.richMenuNotYet];
        break;
      }
      case 'send_text':
      case 'notify_operators':
        break;
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(MESSAGES.validationFailed, errors);
}

/** Action sets, the follow settings and the operators' notices of an account (issue 25). */
export function createActionsService(deps: { db: Database; signer: PostbackSigner }) {
  const { db, signer } = deps;

  const toSet = async (row: SetRow): Promise<ActionSet> => ({
    id: row.id,
    name: row.name,
    actions: row.actions as Action[],
    postback_data: await signer.dataFor(db, row.accountId, row.id),
    updated_at: row.updatedAt.toISOString(),
  });

  async function find(accountId: number, id: number) {
    const [row] = await db
      .select()
      .from(actionSets)
      .where(and(eq(actionSets.accountId, accountId), eq(actionSets.id, id)));
    if (!row) throw new NotFoundError(ACTION_TEXT.notFound);
    return row;
  }

  return {
    async list(accountId: number): Promise<ActionSet[]> {
      const rows = await db
        .select()
        .from(actionSets)
        .where(eq(actionSets.accountId, accountId))
        .orderBy(actionSets.id);
      return Promise.all(rows.map(toSet));
    },
    get: async (accountId: number, id: number) => toSet(await find(accountId, id)),
    async create(accountId: number, input: { name: string; actions: Action[] }) {
      await assertActions(db, accountId, input.actions);
      const [row] = await db
        .insert(actionSets)
        .values({ accountId, name: input.name, actions: input.actions })
        .returning();
      return toSet(row!);
    },
    async update(accountId: number, id: number, input: { name: string; actions: Action[] }) {
      await find(accountId, id);
      await assertActions(db, accountId, input.actions);
      const [row] = await db
        .update(actionSets)
        .set({ name: input.name, actions: input.actions, updatedAt: new Date() })
        .where(and(eq(actionSets.accountId, accountId), eq(actionSets.id, id)))
        .returning();
      return toSet(row!);
    },
    async remove(accountId: number, id: number) {
      await find(accountId, id);
      await db
        .delete(actionSets)
        .where(and(eq(actionSets.accountId, accountId), eq(actionSets.id, id)));
    },

    async followSettings(accountId: number): Promise<FollowSettings> {
      const [row] = await db
        .select()
        .from(followSettings)
        .where(eq(followSettings.accountId, accountId));
      return {
        greeting_template_id: row?.greetingTemplateId ?? null,
        on_unblock: (row?.onUnblock as OnUnblock | undefined) ?? 'silent',
        actions: (row?.actions as Action[] | undefined) ?? [],
      };
    },
    async saveFollowSettings(accountId: number, input: FollowSettings): Promise<FollowSettings> {
      const extra: Record<string, string[]> = {};
      if (
        input.greeting_template_id !== null &&
        !(await ownedIds(db, accountId, 'template', [input.greeting_template_id])).has(
          input.greeting_template_id,
        )
      )
        extra.greeting_template_id = [ACTION_TEXT.templateNotFound];
      await assertActions(db, accountId, input.actions, 'actions', extra);
      const values = {
        greetingTemplateId: input.greeting_template_id,
        onUnblock: input.on_unblock,
        actions: input.actions,
        updatedAt: new Date(),
      };
      await db
        .insert(followSettings)
        .values({ accountId, ...values })
        .onConflictDoUpdate({ target: followSettings.accountId, set: values });
      return this.followSettings(accountId);
    },

    async notices(accountId: number): Promise<OperatorNotice[]> {
      const rows = await db
        .select({ notice: operatorNotices, friendName: members.displayName })
        .from(operatorNotices)
        .leftJoin(members, eq(members.id, operatorNotices.memberId))
        .where(eq(operatorNotices.accountId, accountId))
        .orderBy(desc(operatorNotices.id))
        .limit(OPERATOR_NOTICES_PAGE);
      return rows.map(({ notice, friendName }) => ({
        id: notice.id,
        text: notice.text,
        friend_id: notice.memberId,
        friend_name: friendName,
        cause: notice.key.replace(/^act:/, '').replace(/:\d+$/, ''),
        created_at: notice.createdAt.toISOString(),
      }));
    },
  };
}

export type ActionsService = ReturnType<typeof createActionsService>;
