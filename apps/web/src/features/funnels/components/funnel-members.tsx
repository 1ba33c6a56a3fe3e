import { Loading } from '@/ui/loading';
import { useFunnelMembers } from '../api/funnels-api';

/** The friends who reached (or did not reach) one step of a saved funnel. */
export function FunnelMembers({
  funnelId,
  step,
  reached,
}: {
  funnelId: number;
  step: number;
  reached: boolean;
}) {
  const members = useFunnelMembers(funnelId, step, reached);
  return (
    <section className="funnel-page__members no-print" aria-label="友だち">
      <h2>
        ステップ{step}に{reached ? '到達した' : '到達しなかった'}友だち
        {members.data ? `（${members.data.total.toLocaleString('ja-JP')}人）` : ''}
      </h2>
      {members.isPending ? (
        <Loading />
      ) : (
        <ul>
          {(members.data?.items ?? []).map((friend) => (
            <li key={friend.id}>{friend.display_name || '（名前なし）'}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
