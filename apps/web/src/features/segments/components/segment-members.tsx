import { FRIEND_TEXT } from '@tsunagu/contracts';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useSegmentMembers } from '../api/segments-api';

/** The first friends a saved segment finds (JRN-24), newest friends first. */
export function SegmentMembers({ id }: { id: number }) {
  const members = useSegmentMembers(id);
  if (members.isPending) return <Loading />;
  if (members.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(members.error)}
      </p>
    );
  const { items, total } = members.data;
  return (
    <section className="segment-members" aria-labelledby="segment-members-title">
      <h2 id="segment-members-title" className="segment-members__title">
        保存した条件に当てはまる友だち（{total.toLocaleString('ja-JP')}人）
      </h2>
      {items.length === 0 ? (
        <p className="text-muted">当てはまる友だちはいません。</p>
      ) : (
        <ul className="segment-members__list">
          {items.map((friend) => (
            <li key={friend.id}>
              {friend.display_name || FRIEND_TEXT.nameUnknown}
              {friend.follow_state === 'blocked' ? (
                <span className="text-muted">（ブロック中）</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {total > items.length ? (
        <p className="text-muted">ほか{(total - items.length).toLocaleString('ja-JP')}人</p>
      ) : null}
    </section>
  );
}
