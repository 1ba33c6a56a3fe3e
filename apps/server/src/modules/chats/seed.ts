import { and, eq } from 'drizzle-orm';
import { chatMessages, chatThreads, members, operators } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { previewOf } from './preview.js';

type Line =
  | { from: 'friend' | 'operator'; text: string; minutesAgo: number }
  | {
      from: 'friend';
      sticker: { packageId: string; stickerId: string };
      minutesAgo: number;
    };

/**
 * The demo's 個別トーク (decision 0201: every screen shows how it is used). Five of the salon's
 * friends, in the board's order (two new, one waiting for a booking, one who came, one to
 * follow up), each with a short conversation; the states match the board's tied columns, and
 * the newest friend messages are unread, so the inbox opens on what a receptionist answers first.
 * Written as they would have been: the friends' messages as LINE's events, the shop's replies
 * sent with a reply token (nothing is sent to LINE by the seed).
 */
const CONVERSATIONS: {
  state: 'unhandled' | 'in_progress' | 'resolved';
  unread: number;
  lines: Line[];
}[] = [
  {
    state: 'unhandled',
    unread: 2,
    lines: [
      {
        from: 'friend',
        text: '来週の土曜日の午前中、カラーの予約は空いてますか？',
        minutesAgo: 12,
      },
      { from: 'friend', sticker: { packageId: '446', stickerId: '1989' }, minutesAgo: 11 },
    ],
  },
  {
    state: 'unhandled',
    unread: 1,
    lines: [{ from: 'friend', text: '予約の時間を30分遅らせることはできますか？', minutesAgo: 48 }],
  },
  {
    state: 'in_progress',
    unread: 0,
    lines: [
      { from: 'friend', text: '前髪だけのカットもお願いできますか？', minutesAgo: 60 * 26 },
      {
        from: 'operator',
        text: 'はい、前髪カットは1,100円で承っております。ご予約ページからお日にちをお選びください。',
        minutesAgo: 60 * 25,
      },
      {
        from: 'friend',
        text: 'ありがとうございます！日程を確認してまた連絡します',
        minutesAgo: 60 * 24,
      },
    ],
  },
  {
    state: 'resolved',
    unread: 0,
    lines: [
      { from: 'friend', text: 'お店の近くに駐車場はありますか？', minutesAgo: 60 * 24 * 3 },
      {
        from: 'operator',
        text: '店舗裏に2台分ございます。ご来店時にお声がけください。',
        minutesAgo: 60 * 24 * 3 - 20,
      },
      {
        from: 'friend',
        text: '助かります、当日よろしくお願いします',
        minutesAgo: 60 * 24 * 3 - 25,
      },
    ],
  },
  {
    state: 'unhandled',
    unread: 0,
    lines: [
      {
        from: 'friend',
        text: '先日はありがとうございました。色落ちが少し早い気がします',
        minutesAgo: 60 * 24 * 6,
      },
    ],
  },
];

export async function seedDemoChats(
  tx: Database,
  options: { accountId: number; memberIds: number[]; now: Date },
) {
  const [owner] = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.accountId, options.accountId), eq(operators.loginId, 'demo')));
  const at = (minutesAgo: number) => new Date(options.now.getTime() - minutesAgo * 60_000);
  const messages: (typeof chatMessages.$inferInsert)[] = [];
  const threads: (typeof chatThreads.$inferInsert)[] = [];
  CONVERSATIONS.forEach((conversation, index) => {
    const memberId = options.memberIds[index];
    if (memberId === undefined) return;
    conversation.lines.forEach((line, at_) => {
      const kind = 'sticker' in line ? 'sticker' : 'text';
      const text = 'text' in line ? line.text : null;
      const incoming = line.from === 'friend';
      const lineId = `demo-${memberId}-${at_}`;
      messages.push({
        accountId: options.accountId,
        memberId,
        direction: incoming ? 'in' : 'out',
        kind,
        lineMessageId: incoming ? lineId : null,
        text,
        payload:
          'sticker' in line
            ? { type: 'sticker', id: lineId, ...line.sticker }
            : { type: 'text', ...(incoming ? { id: lineId } : {}), text },
        sender: line.from,
        operatorId: incoming ? null : (owner?.id ?? null),
        via: incoming ? null : 'reply',
        deliveryState: incoming ? null : 'sent',
        sentAt: at(line.minutesAgo),
      });
    });
    const last = conversation.lines.at(-1)!;
    const lastIncoming = [...conversation.lines].reverse().find((line) => line.from === 'friend');
    threads.push({
      memberId,
      accountId: options.accountId,
      state: conversation.state,
      assigneeId: conversation.state === 'in_progress' ? (owner?.id ?? null) : null,
      unreadCount: conversation.unread,
      lastMessageAt: at(last.minutesAgo),
      lastMessagePreview: previewOf(
        'sticker' in last ? 'sticker' : 'text',
        'text' in last ? last.text : null,
      ),
      lastMessageKind: 'sticker' in last ? 'sticker' : 'text',
      lastMessageDirection: last.from === 'friend' ? 'in' : 'out',
      lastIncomingAt: lastIncoming ? at(lastIncoming.minutesAgo) : null,
      readAt: conversation.unread === 0 ? at(last.minutesAgo) : null,
    });
  });
  if (messages.length > 0) await tx.insert(chatMessages).values(messages);
  if (threads.length > 0) await tx.insert(chatThreads).values(threads);
  // The friends list's 最終メッセージ is the webhook's record of the same messages.
  for (const thread of threads) {
    if (!thread.lastIncomingAt) continue;
    await tx
      .update(members)
      .set({ lastMessageAt: thread.lastIncomingAt })
      .where(eq(members.id, thread.memberId));
  }
}
