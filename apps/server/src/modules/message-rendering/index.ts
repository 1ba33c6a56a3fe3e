import type { Executor } from '../../db/types.js';
import { commonVarResolver } from '../common-vars/index.js';
import { formResolver } from '../forms/index.js';
import { createMessageRenderer, type RenderMessage } from '../message-aliases/index.js';

/**
 * The message renderer everything that messages a friend uses (decisions 0156, 0157): the
 * friend's own friend information, the account's common information by code, and the friend's
 * own answer link of a form by code (absolute on `publicOrigin`, the console's public address,
 * so LINE makes it tappable; decision 0151). Kept apart
 * from module message-aliases so that the alias renderer depends on no value source but the
 * friend's own.
 */
export function createFriendMessageRenderer(db: Executor, publicOrigin = ''): RenderMessage {
  return createMessageRenderer({
    db,
    resolvers: { commonVar: commonVarResolver(db), form: formResolver(db, publicOrigin) },
  });
}
