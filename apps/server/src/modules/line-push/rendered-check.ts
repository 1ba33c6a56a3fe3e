import {
  friendRecipient,
  renderedCheckFailure,
  sendableMessagesProblems,
} from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { friendName } from './repository.js';

/**
 * Messages rendered for one friend, checked again with LINE's rules (decision 0191): undefined
 * when LINE would take them, else the failure naming the friend and each field at fault. The
 * friend's name is read only when something failed.
 */
export async function renderedFailure(
  db: Executor,
  accountId: number,
  memberId: number,
  messages: readonly unknown[],
  knownName?: string,
): Promise<{ reason: string } | undefined> {
  const problems = sendableMessagesProblems(messages);
  if (problems.length === 0) return undefined;
  const name = knownName ?? (await friendName(db, accountId, memberId));
  return { reason: renderedCheckFailure(friendRecipient(name), problems) };
}
