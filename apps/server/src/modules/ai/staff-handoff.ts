import type { Database } from '../../db/types.js';
import { setThreadState } from '../chats/index.js';
import { recordStaffNotice } from '../staff-notify/index.js';

/**
 * A friend's question the AI did not answer goes to the staff (issue 31, decision 0352): the
 * friend's chat marked 未対応 and a staff notice (bell, e-mail, LINE as each operator chose),
 * once per `key`.
 */
export async function handOffToStaff(
  db: Database,
  handoff: {
    accountId: number;
    friend: { id: number; name: string };
    question: string;
    reason: string;
    key: string;
  },
) {
  const { friend } = handoff;
  await setThreadState(db, handoff.accountId, friend.id, { state: 'unhandled' });
  await db.transaction((tx) =>
    recordStaffNotice(tx, {
      accountId: handoff.accountId,
      key: handoff.key,
      kind: 'message',
      text: `AIが ${friend.name} さんへの回答をスタッフに引き継ぎました（${handoff.reason}）：${handoff.question}`,
      memberId: friend.id,
      link: `/line/chat?friend=${friend.id}`,
    }),
  );
}
