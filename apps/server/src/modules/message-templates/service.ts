import {
  type LinePushResult,
  aliasesIn,
  friendRecipient,
  renderedCheckFailure,
  sendableMessagesProblems,
  TEMPLATE_TEXT,
  todayInTokyo,
  type TemplateBroadcastResult,
  templatePreview,
  type Template,
  type TemplateKind,
  type TemplateLineCheck,
  type TemplateList,
  type TemplateSummary,
  type templateInputSchema,
} from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { members } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { guardNamedWrite } from '../../lib/db-errors.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import type { CheckWithLine } from '../line/index.js';
import { findPushResult, type PushQueue } from '../line-push/index.js';
import { renderMessages, type RenderMessage } from '../message-aliases/index.js';
import { segmentPredicate } from '../member-queries/index.js';
import { lineRefusalError } from './line-refusal.js';
import * as repository from './repository.js';
import type { TemplateRow } from './repository.js';

type TemplateInput = z.output<typeof templateInputSchema>;

const toSummary = (row: TemplateRow): TemplateSummary => ({
  id: row.id,
  name: row.name,
  kind: row.kind as TemplateKind,
  group_id: row.groupId,
  favorite: row.favorite,
  order: row.order,
  message_count: row.messages.length,
  preview: templatePreview(row.messages),
  updated_at: row.updatedAt.toISOString(),
});

const guardGroupName = <T>(write: () => Promise<T>) =>
  guardNamedWrite(write, {
    nameIndex: 'template_groups_name_per_account',
    nameTaken: TEMPLATE_TEXT.groupNameTaken,
    groupKey: 'message_templates_group_id_template_groups_id_fk',
    groupGone: TEMPLATE_TEXT.groupNotFound,
  });

/** Whether the operator may write flex templates: the `flex-message` right (ROUTE-13/14). */
export type CanUseFlex = boolean;

/** Message templates of an account (decision 0161) and their test send (decision 0162). */
export function createTemplatesService(deps: {
  db: Database;
  pushes: PushQueue;
  renderMessage: RenderMessage;
  /** The present; a segment's reservation conditions count days from its Tokyo date. */
  clock?: () => Date;
  /** LINE's own check of the messages on save (decision 0192); none: not asked. */
  checkWithLine?: CheckWithLine;
}) {
  const { db, pushes, renderMessage } = deps;

  /**
   * Asks LINE (when the account's channel is connected) before a save: a refusal is a 422 on the
   * messages LINE names; LINE out of reach is no refusal — the caller saves and says so.
   */
  async function lineCheck(accountId: number, messages: unknown[]): Promise<TemplateLineCheck> {
    if (!deps.checkWithLine) return 'not_connected';
    const answer = await deps.checkWithLine(accountId, messages);
    if (answer.kind === 'refused') throw lineRefusalError(answer, messages.length);
    return answer.kind;
  }
  const clock = deps.clock ?? (() => new Date());

  async function row(accountId: number, id: number) {
    const found = await repository.findTemplate(db, accountId, id);
    if (!found) throw new NotFoundError(TEMPLATE_TEXT.notFound);
    return found;
  }

  async function get(accountId: number, id: number): Promise<Template> {
    const found = await row(accountId, id);
    return { ...toSummary(found), messages: found.messages };
  }

  async function assertGroup(accountId: number, groupId: number | null) {
    if (groupId !== null && !(await repository.groupExists(db, accountId, groupId)))
      throw fieldError('group_id', TEMPLATE_TEXT.groupNotFound);
  }

  /** A flex template is written only with the flex right, and stays flex (and vice versa). */
  function assertKind(kind: TemplateKind, canUseFlex: CanUseFlex) {
    if (kind === 'flex' && !canUseFlex) throw new ForbiddenError(TEMPLATE_TEXT.flexRequired);
  }

  const values = (input: TemplateInput) => ({
    name: input.name,
    groupId: input.group_id,
    kind: input.kind,
    messages: input.messages as Record<string, unknown>[],
  });

  return {
    get,

    async list(accountId: number): Promise<TemplateList> {
      const [groups, rows] = await Promise.all([
        repository.listGroups(db, accountId),
        repository.listTemplates(db, accountId),
      ]);
      return { groups, items: rows.map(toSummary) };
    },

    async create(accountId: number, input: TemplateInput, canUseFlex: CanUseFlex) {
      assertKind(input.kind, canUseFlex);
      await assertGroup(accountId, input.group_id);
      const line = await lineCheck(accountId, input.messages);
      const id = await guardGroupName(() =>
        repository.insertTemplate(db, accountId, values(input)),
      );
      return { id, line_check: line };
    },

    async update(accountId: number, id: number, input: TemplateInput, canUseFlex: CanUseFlex) {
      const current = await row(accountId, id);
      assertKind(current.kind as TemplateKind, canUseFlex);
      if (input.kind !== current.kind) throw fieldError('kind', TEMPLATE_TEXT.flexOnlyInFlex);
      await assertGroup(accountId, input.group_id);
      const line = await lineCheck(accountId, input.messages);
      await guardGroupName(() =>
        repository.updateTemplate(db, accountId, id, {
          ...values(input),
          moved: current.groupId !== input.group_id,
        }),
      );
      return { ...(await get(accountId, id)), line_check: line };
    },

    /** A copy named 「…のコピー」 at the end of the same folder. */
    async copy(accountId: number, id: number, canUseFlex: CanUseFlex) {
      const source = await row(accountId, id);
      assertKind(source.kind as TemplateKind, canUseFlex);
      return repository.insertTemplate(db, accountId, {
        name: `${source.name}のコピー`.slice(0, 100),
        groupId: source.groupId,
        kind: source.kind,
        messages: source.messages,
      });
    },

    async setFavorite(accountId: number, id: number, favorite: boolean) {
      if (!(await repository.setFavorite(db, accountId, id, favorite)))
        throw new NotFoundError(TEMPLATE_TEXT.notFound);
    },

    async remove(accountId: number, id: number, canUseFlex: CanUseFlex) {
      const current = await row(accountId, id);
      assertKind(current.kind as TemplateKind, canUseFlex);
      await repository.deleteTemplate(db, accountId, id);
    },

    /**
     * Sends the template to one friend of the account now, rendered with their values, through
     * the push queue like every other message (so dry-run, rate limit and retries apply). Every
     * call sends again: no dedupe key.
     */
    async testSend(accountId: number, id: number, friendId: number) {
      const template = await row(accountId, id);
      const [friend] = await db
        .select({ id: members.id, followState: members.followState, name: members.displayName })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.id, friendId)));
      if (!friend) throw fieldError('friend_id', TEMPLATE_TEXT.friendNotFound);
      if (friend.followState !== 'following')
        throw fieldError('friend_id', TEMPLATE_TEXT.friendBlocked);
      const messages = await renderMessages(renderMessage, accountId, friendId, template.messages);
      // Rendered with this friend's values: what LINE would refuse is said now, not queued.
      const problems = sendableMessagesProblems(messages);
      if (problems.length > 0)
        throw fieldError('friend_id', renderedCheckFailure(friendRecipient(friend.name), problems));
      const pushId = await pushes.enqueue(db, accountId, friendId, messages);
      return { push_id: pushId! };
    },

    /** What became of a test send (or any push of the account): state, reason, LINE's details. */
    async testSendResult(accountId: number, pushId: number): Promise<LinePushResult> {
      const row = await findPushResult(db, accountId, pushId);
      if (!row) throw new NotFoundError(TEMPLATE_TEXT.testSendNotFound);
      return {
        state: row.state as LinePushResult['state'],
        reason: row.reason,
        details: row.details,
      };
    },

    /**
     * Sends the template to every following friend the saved segment finds (decision 0166):
     * chosen and queued in SQL in one statement, as multicasts of 500 — or, when the messages
     * hold aliases, one push per friend rendered with their values when sent.
     */
    async broadcast(
      accountId: number,
      id: number,
      memberQueryId: number,
    ): Promise<TemplateBroadcastResult> {
      const template = await row(accountId, id);
      const where = await segmentPredicate(db, accountId, memberQueryId, todayInTokyo(clock()));
      if (!where) throw fieldError('member_query_id', TEMPLATE_TEXT.segmentNotFound);
      const personal = aliasesIn(JSON.stringify(template.messages)).length > 0;
      const queued = await db.transaction((tx) =>
        pushes.enqueueToMany(tx, accountId, where, template.messages, { personal }),
      );
      if (queued.friends === 0) throw fieldError('member_query_id', TEMPLATE_TEXT.broadcastNobody);
      return queued;
    },

    createGroup: (accountId: number, name: string) =>
      guardGroupName(() => repository.insertGroup(db, accountId, name)),

    async renameGroup(accountId: number, id: number, name: string) {
      const found = await guardGroupName(() => repository.renameGroup(db, accountId, id, name));
      if (!found) throw new NotFoundError(TEMPLATE_TEXT.groupNotFound);
    },

    /** Refused (409 with the count) while the folder still holds templates. */
    async removeGroup(accountId: number, id: number) {
      await db.transaction(async (tx) => {
        const held = await repository.lockGroupWithCount(tx, accountId, id);
        if (held === undefined) throw new NotFoundError(TEMPLATE_TEXT.groupNotFound);
        if (held > 0) throw new ConflictError(TEMPLATE_TEXT.groupHasTemplates(held));
        await repository.deleteGroup(tx, accountId, id);
      });
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
