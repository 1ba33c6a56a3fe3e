import type { Executor } from '../../db/types.js';
import type { AliasResolver } from '../message-aliases/index.js';
import { formPath, memberToken } from './link.js';
import { formsByCode } from './repository.js';

/**
 * `{{form:code}}` for the message renderer (decision 0151): the friend's own answer link to the
 * form of that code — absolute on `publicOrigin` (the console's public address) when set, so
 * LINE makes it a tappable link. An unknown code renders as ''.
 */
export function formResolver(db: Executor, publicOrigin = ''): AliasResolver {
  const origin = publicOrigin.replace(/\/+$/, '');
  return async (accountId, memberId, keys) => {
    const links = new Map<string, string>();
    for (const form of await formsByCode(db, accountId, keys))
      links.set(
        form.code,
        `${origin}${formPath(form.publicKey, memberToken(form.answerSecret, memberId))}`,
      );
    return links;
  };
}
