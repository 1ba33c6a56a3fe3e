import { Link } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useReference } from '@/lib/reference-store';
import { useSegmentList, useTagChoices } from '../api/segments-api';
import { describeQuery } from '../components/describe';
import { NEW_SEGMENT_ID, segmentPaths } from '../paths';
import '../components/segments.css';

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * The account's segments (issue 13, ADR 0145): saved conditions over friends that journeys and
 * broadcasts will target. Every operator reads them; creating needs tag-write.
 */
export function SegmentListPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  const list = useSegmentList();
  const tags = useTagChoices();
  const varia = useReference('varia');
  const varName = (id: number) =>
    (varia.loaded ? varia.data.items.find((item) => item.id === id)?.name : undefined) ??
    '友だち情報';
  const tagName = (id: number) =>
    tags.data?.tags.find((tag) => tag.id === id)?.name ?? '（削除されたタグ）';
  const actions = canWrite ? (
    <Link className="btn btn--primary" to={segmentPaths.edit(NEW_SEGMENT_ID)}>
      セグメントを作成
    </Link>
  ) : null;

  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError)
    body = (
      <p className="notice notice--error" role="alert">
        {errorText(list.error)}
      </p>
    );
  else if (list.data.length === 0)
    body = <p className="text-muted">セグメントはまだありません。</p>;
  else
    body = (
      <ul className="segment-list">
        {list.data.map((segment) => (
          <li key={segment.id} className="segment-list__item">
            <Link to={segmentPaths.edit(segment.id)} className="segment-list__name">
              {segment.name}
            </Link>
            <p className="segment-list__condition">{describeQuery(segment, tagName, varName)}</p>
            <p className="segment-list__updated text-muted">
              更新：{dateTime.format(new Date(segment.updated_at))}
            </p>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="page segment-list-page">
      <PageHeader title={title} actions={actions} />
      {canWrite ? null : <ReadOnlyNotice what="セグメントの作成・変更" permission="tag-write" />}
      {body}
    </section>
  );
}
