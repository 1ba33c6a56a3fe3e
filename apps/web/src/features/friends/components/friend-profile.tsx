import { FRIEND_FOLLOW_STATE_LABELS, FRIEND_TEXT, type Friend } from '@tsunagu/contracts';
import { formatTokyoDateTime } from '@/lib/tokyo-time';

const when = (iso: string | null) => (iso ? formatTokyoDateTime(iso) : '-');

/** Name, icon, follow state and the times the webhook recorded (Tokyo time). */
export function FriendProfile({ friend }: { friend: Friend }) {
  return (
    <div className="friend-profile">
      {friend.icon_url ? (
        <img className="friend-profile__icon" src={friend.icon_url} alt="" />
      ) : (
        <span className="friend-profile__icon friend-name__icon--blank" aria-hidden="true" />
      )}
      <div className="friend-profile__body">
        <p className="friend-profile__name">
          {friend.display_name || <span className="text-muted">{FRIEND_TEXT.nameUnknown}</span>}
          <span className={`friend-state friend-state--${friend.follow_state}`}>
            {FRIEND_FOLLOW_STATE_LABELS[friend.follow_state]}
          </span>
        </p>
        <dl className="friend-profile__facts">
          <div>
            <dt>友だち追加日時</dt>
            <dd>{when(friend.followed_at)}</dd>
          </div>
          {friend.follow_state === 'blocked' ? (
            <div>
              <dt>ブロック日時</dt>
              <dd>{when(friend.unfollowed_at)}</dd>
            </div>
          ) : null}
          {friend.follow_state === 'following' && friend.unblocked_at ? (
            <div>
              <dt>ブロック解除日時</dt>
              <dd>{when(friend.unblocked_at)}</dd>
            </div>
          ) : null}
          <div>
            <dt>最終メッセージ</dt>
            <dd>{when(friend.last_message_at)}</dd>
          </div>
        </dl>
        {friend.follow_state === 'not_friend' ? (
          <p className="text-muted">
            予約ページでLINEログインしましたが、まだ友だち追加していません。セグメント・一斉配信・ジャーニーの対象になりません。
          </p>
        ) : null}
      </div>
    </div>
  );
}
