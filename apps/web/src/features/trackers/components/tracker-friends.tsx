import { TRACKER_FRIEND_KIND_LABELS, type TrackerFriendKind } from '@tsunagu/contracts';
import { generatePath, Link } from 'react-router';
import { pagePaths } from '@/config/paths';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useTrackerFriends } from '../api/trackers-api';

/** The friends behind one count of a tracker (each links to the friend's detail). */
export function TrackerFriends(props: {
  trackerId: number;
  trackerName: string;
  kind: TrackerFriendKind;
  onClose: () => void;
}) {
  const friends = useTrackerFriends(props.trackerId, props.kind);
  const heading = `${props.trackerName}：${TRACKER_FRIEND_KIND_LABELS[props.kind]}`;
  return (
    <section className="tracker-friends" aria-label={heading}>
      <div className="tracker-friends__head">
        <h2 className="tracker-friends__title">{heading}</h2>
        <button type="button" className="btn btn--secondary" onClick={props.onClose}>
          閉じる
        </button>
      </div>
      {friends.isPending ? (
        <Loading />
      ) : friends.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(friends.error)}
        </p>
      ) : friends.data.friends.length === 0 ? (
        <p className="text-muted">該当する友だちはいません</p>
      ) : (
        <ul className="tracker-friends__list">
          {friends.data.friends.map((friend) => (
            <li key={friend.id}>
              <Link to={generatePath(pagePaths.FriendDetail, { id: String(friend.id) })}>
                {friend.display_name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
