import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pagePaths } from '@/config/paths';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useFriend, useFriendValues, useVariaDefinitions } from '../api/friend-detail';
import { FriendFormAnswers } from '../components/friend-form-answers';
import { FriendProfile } from '../components/friend-profile';
import { FriendReservations } from '../components/friend-reservations';
import { FriendTagsPanel } from '../components/friend-tags-panel';
import { FriendValuesForm } from '../components/friend-values-form';
import '../components/friends.css';

/** Shown when the friend information cannot be read (spec §8). */
export const VARIA_LOAD_ERROR = '友だち情報の読み込み中にエラーが発生しました';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `friend-panel-${title}`;
  return (
    <section className="friend-panel" aria-labelledby={id}>
      <h2 id={id} className="friend-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

type FriendDetailPageProps = {
  title: string;
  id: number;
  canWrite: boolean;
  /** The friend's 個別トーク (the chat's thread), handed in by the route. */
  chat?: ReactNode;
  /** Which rich menu the friend sees and why (decision 0300), handed in by the route. */
  richMenu?: ReactNode;
};

/**
 * One LINE friend (issue 13): profile, friend information (edited with tag-write, decision
 * 0141), tags, reservations in the account's salons, form answers and the 個別トーク (the chat).
 */
export function FriendDetailPage({ title, id, canWrite, chat, richMenu }: FriendDetailPageProps) {
  const friend = useFriend(id);
  const varia = useVariaDefinitions();
  const values = useFriendValues(id);
  const back = (
    <Link className="btn" to={pagePaths.Friends}>
      一覧へ戻る
    </Link>
  );

  if (friend.isPending)
    return (
      <section className="page friend-detail-page">
        <PageHeader title={title} actions={back} />
        <Loading />
      </section>
    );
  if (friend.isError)
    return (
      <section className="page friend-detail-page">
        <PageHeader title={title} actions={back} />
        <p className="notice notice--error" role="alert">
          {errorText(friend.error)}
        </p>
      </section>
    );

  return (
    <section className="page friend-detail-page">
      <PageHeader title={title} actions={back} />
      <div className="friend-detail">
        <Panel title="プロフィール">
          <FriendProfile friend={friend.data} />
        </Panel>
        <Panel title="タグ">
          <FriendTagsPanel friendId={id} tags={friend.data.tags} canWrite={canWrite} />
        </Panel>
        <Panel title="友だち情報">
          {varia.isError || values.isError ? (
            <p className="notice notice--error" role="alert">
              {VARIA_LOAD_ERROR}
            </p>
          ) : varia.isPending || values.isPending ? (
            <Loading />
          ) : (
            <FriendValuesForm
              friendId={id}
              varia={varia.data}
              values={values.data}
              canWrite={canWrite}
            />
          )}
        </Panel>
        <Panel title="サロン予約">
          <FriendReservations friendId={id} />
        </Panel>
        <Panel title="フォームの回答">
          <FriendFormAnswers friendId={id} />
        </Panel>
        {richMenu ? <Panel title="リッチメニュー">{richMenu}</Panel> : null}
        <Panel title="個別トーク">{chat ?? null}</Panel>
      </div>
    </section>
  );
}
