import type { Executor } from '../../db/types.js';
import { commonVarResolver } from '../common-vars/index.js';
import { createMessageRenderer, type RenderMessage } from '../message-aliases/index.js';

/**
 * The message renderer everything that messages a friend uses (decisions 0156, 0157): the
 * friend's own friend information, and the account's common information by code. Kept apart
 * from module message-aliases so that the alias renderer depends on no value source but the
 * friend's own.
 */
export function createFriendMessageRenderer(db: Executor): RenderMessage {
  return createMessageRenderer({ db, resolvers: { commonVar: commonVarResolver(db) } });
}
