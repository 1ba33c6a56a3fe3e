import { CHAT_STATE_LABELS, CHAT_STATES } from '@tsunagu/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { errorText } from '@/lib/api-error';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { Loading } from '@/ui/loading';
import {
  useAssigneeOptions,
  useChatMarks,
  useInbox,
  useTagOptions,
  useUnreadSummary,
  type InboxFilter,
} from '../api/chat-api';
import { chatPaths } from '../paths';
import { ChatMarkBadge } from './chat-marks';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';

type Props = {
  filter: InboxFilter;
  onFilter: (filter: InboxFilter) => void;
  selected: number | null;
  canSeeAssignees: boolean;
};

/** The inbox: search, filters, friends with unread messages first, 50 a page. */
export function ChatInbox({ filter, onFilter, selected, canSeeAssignees }: Props) {
  const id = useId();
  const inbox = useInbox(filter);
  const tags = useTagOptions();
  const marks = useChatMarks();
  const assignees = useAssigneeOptions(canSeeAssignees);
  const unread = useUnreadSummary();
  const entries = inbox.data?.pages.flatMap((page) => page.entries) ?? [];
  const set = (change: Partial<InboxFilter>) => onFilter({ ...filter, ...change });

  return (
    <section className="chat-inbox" aria-label="受信箱">
      {unread.data ? (
        <p className="chat-inbox__summary">
          未読のトーク {unread.data.threads}件（未読メッセージ {unread.data.messages}件）
        </p>
      ) : null}
      <div className="chat-inbox__filters">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          名前・メッセージで検索
        </label>
        <TextBox
          id={`${id}-q`}
          type="search"
          placeholder="名前・メッセージで検索"
          value={filter.q}
          onChange={(q) => set({ q })}
          showCounter={false}
        />
        <Select
          label="対応状況"
          options={[
            { value: '', name: 'すべての対応状況' },
            ...CHAT_STATES.map((state) => ({ value: state, name: CHAT_STATE_LABELS[state] })),
          ]}
          value={filter.state}
          onChange={(state) => set({ state })}
        />
        {(marks.data?.marks ?? []).length > 0 ? (
          <Select
            label="対応マーク"
            options={[
              { value: '', name: 'すべてのマーク' },
              ...(marks.data?.marks ?? []).map((mark) => ({
                value: String(mark.id),
                name: mark.name,
              })),
            ]}
            value={filter.markId}
            onChange={(markId) => set({ markId })}
          />
        ) : null}
        {canSeeAssignees ? (
          <Select
            label="担当者"
            options={[
              { value: '', name: 'すべての担当者' },
              { value: 'none', name: '担当者なし' },
              ...(assignees.data ?? []).map((operator) => ({
                value: String(operator.id),
                name: operator.name,
              })),
            ]}
            value={filter.assignee}
            onChange={(assignee) => set({ assignee })}
            loading={assignees.isPending}
          />
        ) : null}
        <Select
          label="タグ"
          options={[
            { value: '', name: 'すべてのタグ' },
            ...(tags.data?.tags ?? []).map((tag) => ({ value: String(tag.id), name: tag.name })),
          ]}
          value={filter.tagId}
          onChange={(tagId) => set({ tagId })}
          loading={tags.isPending}
        />
      </div>
      {inbox.isPending ? (
        <Loading />
      ) : inbox.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(inbox.error)}
        </p>
      ) : entries.length === 0 ? (
        <p className="chat-inbox__empty">該当するトークはありません</p>
      ) : (
        <ul className="chat-inbox__list">
          {entries.map((entry) => (
            <li key={entry.friend_id}>
              <Link
                className={`chat-entry${entry.friend_id === selected ? ' chat-entry--selected' : ''}${entry.unread_count > 0 ? ' chat-entry--unread' : ''}`}
                to={chatPaths.thread(entry.friend_id)}
                aria-current={entry.friend_id === selected ? 'true' : undefined}
              >
                {entry.icon_url ? (
                  <img
                    className="chat-entry__icon"
                    src={entry.icon_url}
                    alt=""
                    width={36}
                    height={36}
                  />
                ) : (
                  <span className="chat-entry__icon" aria-hidden="true" />
                )}
                <span className="chat-entry__body">
                  <span className="chat-entry__top">
                    <span className="chat-entry__name">{entry.display_name}</span>
                    {entry.last_message_at ? (
                      <span className="chat-entry__time">
                        {formatTokyoDateTime(entry.last_message_at)}
                      </span>
                    ) : null}
                  </span>
                  <span className="chat-entry__preview">
                    {entry.matched_text ?? entry.last_message_preview}
                  </span>
                  <span className="chat-entry__meta">
                    {entry.mark ? <ChatMarkBadge mark={entry.mark} /> : null}
                    {CHAT_STATE_LABELS[entry.state]}
                    {entry.assignee ? ` ・ ${entry.assignee.name}` : ''}
                  </span>
                </span>
                {entry.unread_count > 0 ? (
                  <span className="chat-entry__unread" aria-label={`未読${entry.unread_count}件`}>
                    {entry.unread_count}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {inbox.hasNextPage ? (
        <button
          type="button"
          className="btn chat-inbox__more"
          disabled={inbox.isFetchingNextPage}
          onClick={() => void inbox.fetchNextPage()}
        >
          さらに読み込む
        </button>
      ) : null}
    </section>
  );
}
