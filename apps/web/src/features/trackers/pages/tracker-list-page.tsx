import {
  CONTENT_GROUP_TEXT,
  TRACKER_TEXT,
  type Tracker,
  type TrackerFriendKind,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useContentGroups, useSetTrackerActive, useTrackers } from '../api/trackers-api';
import { TrackerFriends } from '../components/tracker-friends';
import { trackerPaths } from '../paths';
import '../components/trackers.css';

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

/**
 * TrackerList (issue 29, decision 0335): the account's trackers (流入経路) in a folder — clicks,
 * new friends, friends who came again, blocks since, the click-to-friend rate and why people
 * dropped, first reservations and visits; each count opens its friends. CSV for Excel.
 */
export function TrackerListPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  const [params, setParams] = useSearchParams();
  const groupText = params.get('group');
  const group = groupText !== null && /^\d+$/.test(groupText) ? Number(groupText) : null;
  const trackers = useTrackers(group);
  const groups = useContentGroups();
  const setActive = useSetTrackerActive();
  const toast = useToast();
  const [opened, setOpened] = useState<{ tracker: Tracker; kind: TrackerFriendKind } | null>(null);

  const header = (
    <PageHeader
      title={title}
      lead="QRコードやURLごとに、友だち追加の数と予約・来店までを計測します。"
      actions={
        <>
          <a
            className="btn btn--secondary"
            href={`/api/line/trackers.csv${group === null ? '' : `?group=${group}`}`}
            download
          >
            CSVダウンロード
          </a>
          {canWrite ? (
            <>
              <Link className="btn btn--secondary" to={trackerPaths.groupNew}>
                フォルダを作成
              </Link>
              <Link className="btn btn--primary" to={trackerPaths.create(group)}>
                流入経路を作成
              </Link>
            </>
          ) : null}
        </>
      }
    />
  );
  const count = (tracker: Tracker, kind: TrackerFriendKind, value: number) =>
    value === 0 ? (
      <span>0</span>
    ) : (
      <button type="button" className="tracker-count" onClick={() => setOpened({ tracker, kind })}>
        {value.toLocaleString('ja-JP')}
      </button>
    );

  return (
    <section className="page tracker-list-page">
      {header}
      <p className="tracker-consent">{TRACKER_TEXT.consentExplanation}</p>
      {!canWrite ? (
        <p className="notice notice--info" role="note">
          閲覧のみです。流入経路の作成・編集には「テンプレートの編集」権限が必要です。
        </p>
      ) : null}
      <div className="tracker-list__filters" role="group" aria-label="フォルダ">
        {[
          { id: null as number | null, name: 'すべて' },
          { id: 0, name: CONTENT_GROUP_TEXT.ungrouped },
          ...(groups.data?.groups ?? []),
        ].map((item) => (
          <button
            key={item.id ?? 'all'}
            type="button"
            className={`btn ${item.id === group ? 'btn--primary' : 'btn--secondary'}`}
            aria-pressed={item.id === group}
            onClick={() =>
              setParams(item.id === null ? {} : { group: String(item.id) }, { replace: true })
            }
          >
            {item.name}
          </button>
        ))}
      </div>
      {trackers.isPending ? (
        <Loading />
      ) : trackers.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(trackers.error)}
        </p>
      ) : trackers.data.trackers.length === 0 ? (
        <p className="text-muted">
          流入経路はまだありません。Instagram
          のプロフィール、店頭のPOP、チラシなど、入口ごとに作ると、どこから友だちが増えたかが分かります。
        </p>
      ) : (
        <div className="tracker-table-wrap">
          <table className="tracker-table">
            <thead>
              <tr>
                <th scope="col">流入経路</th>
                <th scope="col">状態</th>
                <th scope="col">クリック</th>
                <th scope="col">新しい友だち</th>
                <th scope="col">追加率</th>
                <th scope="col">再訪</th>
                <th scope="col">その後ブロック</th>
                <th scope="col">初回予約</th>
                <th scope="col">来店</th>
                <th scope="col">離脱の内訳</th>
              </tr>
            </thead>
            <tbody>
              {trackers.data.trackers.map((tracker) => (
                <tr key={tracker.id} data-testid="tracker-row">
                  <td>
                    <Link to={trackerPaths.edit(tracker.id)}>{tracker.name}</Link>
                  </td>
                  <td>
                    {canWrite ? (
                      <>
                        <span className="tracker-list__state">
                          {tracker.active ? '有効' : '停止中'}
                        </span>{' '}
                        <button
                          type="button"
                          className="btn btn--secondary"
                          aria-label={`${tracker.name}を${tracker.active ? '停止する' : '有効にする'}`}
                          disabled={setActive.isPending}
                          onClick={() =>
                            setActive.mutate(
                              { id: tracker.id, active: !tracker.active },
                              {
                                onSuccess: (saved) =>
                                  toast.success(
                                    saved.active
                                      ? '有効にしました'
                                      : '停止しました（URLは友だち追加画面へ進みます）',
                                  ),
                                onError: (error) => toast.error(errorText(error)),
                              },
                            )
                          }
                        >
                          {tracker.active ? '停止する' : '有効にする'}
                        </button>
                      </>
                    ) : tracker.active ? (
                      '有効'
                    ) : (
                      '停止中'
                    )}
                  </td>
                  <td data-testid="tracker-clicks">{tracker.clicks.toLocaleString('ja-JP')}</td>
                  <td data-testid="tracker-friends">
                    {count(tracker, 'friends', tracker.friends)}
                  </td>
                  <td>{percent(tracker.rate)}</td>
                  <td>{count(tracker, 'returning', tracker.returning)}</td>
                  <td>{count(tracker, 'blocked', tracker.blocked)}</td>
                  <td>{count(tracker, 'reservations', tracker.reservations)}</td>
                  <td>{count(tracker, 'visits', tracker.visits)}</td>
                  <td className="tracker-drops">
                    すでに友だち {tracker.drop_already_friend}・同意画面で離脱{' '}
                    {tracker.drop_left_at_consent}・LINE外で開いた {tracker.drop_outside_line}
                    ・追加せず {tracker.drop_did_not_add}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {opened ? (
        <TrackerFriends
          key={`${opened.tracker.id}-${opened.kind}`}
          trackerId={opened.tracker.id}
          trackerName={opened.tracker.name}
          kind={opened.kind}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </section>
  );
}
