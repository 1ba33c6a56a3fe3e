import { Link } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useLandingPages } from '../api/landing-api';
import { landingPaths } from '../paths';
import '../components/landing.css';

/** LandingList (issue 29): the account's landing pages with views → friends → bookings. */
export function LandingListPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  const list = useLandingPages();
  return (
    <section className="page lp-list-page">
      <PageHeader
        title={title}
        actions={
          canWrite ? (
            <Link className="btn btn--primary" to={landingPaths.create}>
              ページを作成
            </Link>
          ) : null
        }
      />
      {canWrite ? null : (
        <ReadOnlyNotice what="ランディングページの作成・編集" permission="landing-write" />
      )}
      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      {list.data && list.data.pages.length === 0 ? (
        <p className="text-muted">
          ランディングページはまだありません。キャンペーンのページを作り、流入経路つきの友だち追加ボタンで友だちを集められます。
        </p>
      ) : null}
      {list.data && list.data.pages.length > 0 ? (
        <table className="lp-table">
          <thead>
            <tr>
              <th>ページ</th>
              <th>状態</th>
              <th>表示数</th>
              <th>友だち</th>
              <th>予約</th>
            </tr>
          </thead>
          <tbody>
            {list.data.pages.map((page) => (
              <tr key={page.id}>
                <td>
                  {canWrite ? <Link to={landingPaths.edit(page.id)}>{page.name}</Link> : page.name}
                  <br />
                  <a
                    href={page.url}
                    target="_blank"
                    rel="noreferrer"
                    className="text-muted lp-table__url"
                  >
                    {page.url}
                  </a>
                </td>
                <td>
                  {page.published_at === null
                    ? '下書き'
                    : page.has_unpublished_changes
                      ? '公開中（未公開の変更あり）'
                      : '公開中'}
                </td>
                <td>{page.stats.views.toLocaleString('ja-JP')}</td>
                <td>{page.stats.friends.toLocaleString('ja-JP')}</td>
                <td>{page.stats.bookings.toLocaleString('ja-JP')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
