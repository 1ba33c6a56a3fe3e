import { FRIEND_FOLLOW_STATE_LABELS, FRIEND_TEXT, type Friend } from '@tsunagu/contracts';
import { generatePath, Link } from 'react-router';
import { pagePaths } from '@/config/paths';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { ListTable, type ListTableColumn } from '@/ui/list-table';

/** The name opens the friend's page (profile, friend information, tags, reservations). */
function FriendName({ friend }: { friend: Friend }) {
  return (
    <Link
      className="friend-name"
      to={generatePath(pagePaths.FriendDetail, { id: String(friend.id) })}
    >
      {friend.icon_url ? (
        <img className="friend-name__icon" src={friend.icon_url} alt="" loading="lazy" />
      ) : (
        <span className="friend-name__icon friend-name__icon--blank" aria-hidden="true" />
      )}
      {friend.display_name || <span className="text-muted">{FRIEND_TEXT.nameUnknown}</span>}
    </Link>
  );
}

const dash = <span className="text-muted">-</span>;

const columns: readonly ListTableColumn<Friend>[] = [
  { key: 'display_name', header: '名前', cell: (friend) => <FriendName friend={friend} /> },
  {
    key: 'follow_state',
    header: '状態',
    cell: (friend) => (
      <span className={`friend-state friend-state--${friend.follow_state}`}>
        {FRIEND_FOLLOW_STATE_LABELS[friend.follow_state]}
      </span>
    ),
  },
  {
    key: 'tags',
    header: 'タグ',
    cell: (friend) =>
      friend.tags.length === 0 ? (
        dash
      ) : (
        <ul className="friend-tags" aria-label="タグ">
          {friend.tags.map((tag) => (
            <li key={tag.id} className="friend-tag">
              {tag.name}
            </li>
          ))}
        </ul>
      ),
  },
  {
    key: 'followed_at',
    header: '友だち追加日時',
    cell: (friend) => (friend.followed_at ? formatTokyoDateTime(friend.followed_at) : dash),
  },
  {
    key: 'last_message_at',
    header: '最終メッセージ',
    cell: (friend) => (friend.last_message_at ? formatTokyoDateTime(friend.last_message_at) : dash),
  },
];

type FriendTableProps = {
  friends: readonly Friend[];
  loading: boolean;
  /** With tag-write: rows can be selected for a bulk tag change. */
  selectable: boolean;
  selectedIds: readonly number[];
  onSelectionChange: (ids: number[]) => void;
};

/** The friends of one page, in the server's order (newest friends first). */
export function FriendTable(props: FriendTableProps) {
  const { friends, loading, selectable } = props;
  return (
    <ListTable
      rows={friends}
      columns={columns}
      label="LINE友だち"
      loading={loading}
      selectable={selectable}
      selectedIds={props.selectedIds}
      onSelectionChange={(ids) => props.onSelectionChange(ids.map(Number))}
      emptyText="該当する友だちはいません"
      rowLabel={(friend) => friend.display_name || FRIEND_TEXT.nameUnknown}
    />
  );
}
