import { friendAliasText } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * `{{friend:…}}` for one friend of one account (decision 0287): the LINE display name as the
 * profile reader last stored it. A friend of another account, or none, reads as LINE giving
 * no name (「お客様」 for the 様 form), never as someone else's name.
 */
export async function friendNameLookup(
  db: Executor,
  accountId: number,
  memberId: number,
): Promise<(key: string) => string | undefined> {
  const [row] = await db
    .select({ displayName: members.displayName })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, memberId)));
  const name = row?.displayName ?? '';
  return (key) => friendAliasText(key, name);
}
