import {
  CHAT_STATE_LABELS,
  CHAT_STATES,
  type ChatState,
  type ChatThread as ChatThreadPage,
} from '@tsunagu/contracts';
import { useEffect, useRef } from 'react';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useToast } from '@/ui/toast';
import { useAssigneeOptions, useMarkRead, useSetState, useThread } from '../api/chat-api';
import { ChatMessage } from './chat-message';
import { ReplyBox } from './reply-box';
import { Select } from '@/ui/select';
import { ChatMarkBadge, ThreadMarkControl } from './chat-marks';

export type ChatRights = { canSend: boolean; canSetState: boolean };

/**
 * A friend's thread, newest last: what the friend sent and what the shop sent (with who or what
 * sent it), the state and assignee, and the reply box for operators who may send. Opening it
 * marks it read for the team.
 */
export function ChatThread({ friendId, rights }: { friendId: number; rights: ChatRights }) {
  const thread = useThread(friendId);
  const markRead = useMarkRead(friendId);
  const setState = useSetState(friendId);
  const assignees = useAssigneeOptions(rights.canSetState);
  const toast = useToast();
  const end = useRef<HTMLLIElement>(null);
  const latest = thread.data?.pages[0];
  const unread = latest?.friend.unread_count ?? 0;
  // Only a new newest message scrolls to the end, not an older page read in above.
  const lastId = latest?.messages.at(-1)?.id;

  useEffect(() => {
    if (unread > 0 && !markRead.isPending) markRead.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, friendId]);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  if (thread.isPending) return <Loading />;
  if (thread.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(thread.error)}
      </p>
    );
  const { friend, reply_token_valid: replyTokenValid } = thread.data.pages[0]!;
  const messages = olderFirst(thread.data.pages);
  const change = (input: { state: ChatState; assignee_id?: number | null }) =>
    setState.mutate(input, { onError: (error) => toast.error(errorText(error)) });

  return (
    <section className="chat-thread" aria-label={`${friend.display_name}とのトーク`}>
      <header className="chat-thread__header">
        <h2 className="chat-thread__name">{friend.display_name}</h2>
        {friend.follow_state === 'blocked' ? <span className="chat-badge">ブロック中</span> : null}
        {rights.canSetState ? (
          <div className="chat-thread__controls">
            <Select
              label="対応状況"
              options={CHAT_STATES.map((state) => ({
                value: state,
                name: CHAT_STATE_LABELS[state],
              }))}
              value={friend.state}
              onChange={(state) => change({ state })}
            />
            <Select
              label="担当者"
              options={[
                { value: 0, name: '未設定' },
                ...(assignees.data ?? []).map((operator) => ({
                  value: operator.id,
                  name: operator.name,
                })),
              ]}
              value={friend.assignee?.id ?? 0}
              onChange={(assigneeId) =>
                change({ state: friend.state, assignee_id: assigneeId === 0 ? null : assigneeId })
              }
            />
            <ThreadMarkControl friendId={friendId} mark={friend.mark} />
          </div>
        ) : (
          <p className="chat-thread__controls">
            {friend.mark ? <ChatMarkBadge mark={friend.mark} /> : null}
            {CHAT_STATE_LABELS[friend.state]} ・ 担当: {friend.assignee?.name ?? '未設定'}
          </p>
        )}
      </header>
      <ol className="chat-thread__messages" aria-label="メッセージ">
        {thread.hasNextPage ? (
          <li className="chat-thread__older">
            <button
              type="button"
              className="btn"
              onClick={() => void thread.fetchNextPage()}
              disabled={thread.isFetchingNextPage}
            >
              {thread.isFetchingNextPage ? '読み込み中…' : 'さらに前のメッセージを読み込む'}
            </button>
          </li>
        ) : null}
        {messages.length === 0 ? (
          <li className="chat-thread__empty">メッセージはまだありません</li>
        ) : null}
        {messages.map((message) => (
          <ChatMessage key={message.id} message={message} />
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
      {rights.canSend ? (
        <ReplyBox friendId={friendId} replyTokenValid={replyTokenValid} />
      ) : (
        <p className="chat-thread__readonly">送信する権限がないため、閲覧のみできます。</p>
      )}
    </section>
  );
}

/** The loaded pages (newest page first) as one list, oldest message first, each once. */
function olderFirst(pages: readonly ChatThreadPage[]) {
  const seen = new Set<string>();
  return [...pages]
    .reverse()
    .flatMap((page) =>
      page.messages.filter((message) => !seen.has(message.id) && seen.add(message.id)),
    );
}
