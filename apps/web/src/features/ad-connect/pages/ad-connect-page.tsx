import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useAdConnections } from '../api/ad-connect-api';
import { ConnectionCard } from '../components/connection-card';
import '../components/ad-connect.css';

/**
 * 広告連携 (issue 30, ROUTE-24): LINE広告, Meta and Google Ads, each with its state, last sends
 * and send log. Every operator reads; the account's owner connects, edits, pauses and resumes.
 */
export function AdConnectPage({ title, isOwner }: { title: string; isOwner: boolean }) {
  const list = useAdConnections();
  const result = new URLSearchParams(window.location.search).get('google');
  return (
    <section className="page ad-connect">
      <PageHeader title={title} />
      <p className="ad-connect__lead">
        友だち追加・予約・来店などを、広告のコンバージョンとして各広告媒体へ送ります。流入経路のURLに付いたクリックID（ldtag_cl・fbclid・gclid
        など）と一緒に、友だちごとに1回だけ送信します。
      </p>
      {result === 'connected' ? (
        <p className="notice notice--info" role="status">
          Google 広告と接続しました。
        </p>
      ) : result === 'failed' ? (
        <p className="notice notice--error" role="alert">
          Google の認可を完了できませんでした。もう一度お試しください。
        </p>
      ) : null}
      {isOwner ? null : (
        <p className="notice notice--info" role="note">
          閲覧のみです。広告連携の設定はアカウントのオーナーが行います。
        </p>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(list.error)}
        </p>
      ) : (
        list.data.map((connection) => (
          <ConnectionCard key={connection.platform} connection={connection} isOwner={isOwner} />
        ))
      )}
    </section>
  );
}
