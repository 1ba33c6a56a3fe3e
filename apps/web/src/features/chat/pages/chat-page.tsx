import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/ui/page-header';
import type { InboxFilter } from '../api/chat-api';
import { useChatStream } from '../api/chat-stream';
import { ChatInbox } from '../components/chat-inbox';
import { ChatThread, type ChatRights } from '../components/chat-thread';
import { chatPaths } from '../paths';
import '../components/chat.css';

const NO_FILTER: InboxFilter = { q: '', state: '', markId: '', assignee: '', tagId: '' };

/**
 * The chat (`/line/chat`, issue 24): the inbox beside the open thread (`?friend=`); on a phone
 * they are two screens, the thread with a way back to the inbox (decision 0244). Live through
 * the account's event stream (decision 0236).
 */
export function ChatPage({
  title,
  friendId,
  rights,
}: {
  title: string;
  friendId: number | null;
  rights: ChatRights;
}) {
  const [filter, setFilter] = useState(NO_FILTER);
  useChatStream();
  return (
    <section className={`page chat-page${friendId ? ' chat-page--thread' : ''}`}>
      <PageHeader title={title} />
      <div className="chat-layout">
        <div className="chat-layout__inbox">
          <ChatInbox
            filter={filter}
            onFilter={setFilter}
            selected={friendId}
            canSeeAssignees={rights.canSetState}
          />
        </div>
        <div className="chat-layout__thread">
          {friendId ? (
            <>
              <Link className="btn chat-layout__back" to={chatPaths.inbox}>
                受信箱へ戻る
              </Link>
              <ChatThread key={friendId} friendId={friendId} rights={rights} />
            </>
          ) : (
            <p className="chat-layout__none">左の受信箱からトークを選んでください</p>
          )}
        </div>
      </div>
    </section>
  );
}

/** A friend's thread on its own (the friend's page's 個別トーク), live. */
export function FriendChat({ friendId, rights }: { friendId: number; rights: ChatRights }) {
  useChatStream();
  return (
    <div className="friend-chat">
      <ChatThread friendId={friendId} rights={rights} />
    </div>
  );
}
