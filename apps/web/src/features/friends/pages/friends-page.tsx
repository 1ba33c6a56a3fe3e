import { FRIENDS_PAGE_SIZE } from '@tsunagu/contracts';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/lib/api-error';
import { PageHeader } from '@/ui/page-header';
import { Select, type SelectOption } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import { useTagOptions } from '../api/friend-tags';
import { useFriends, type FriendFilter, type VarFilter } from '../api/get-friends';
import { BulkTagBar } from '../components/bulk-tag-bar';
import { FriendTable } from '../components/friend-table';
import { FriendVarFilter } from '../components/friend-var-filter';
import { FriendsCsvBar } from '../components/friends-csv-bar';
import { tagOptions } from '../components/tag-options';
import '../components/friends.css';

const STATES: readonly SelectOption<FriendFilter['state']>[] = [
  { value: 'all', name: 'すべて' },
  { value: 'following', name: '友だち' },
  { value: 'blocked', name: 'ブロック中' },
  { value: 'not_friend', name: '未友だち' },
];

/**
 * LINE友だち (issue 13): the account's friends as the webhook recorded them, searched by name and
 * filtered by follow state, tag and a friend-information value on the server, 50 a page. With tag-write, rows of the page
 * can be selected and given (or relieved of) one tag at once.
 */
export function FriendsPage({ title, canWriteTags }: { title: string; canWriteTags: boolean }) {
  const [filter, setFilterState] = useState<FriendFilter>({
    q: '',
    state: 'all',
    tagId: 0,
    variable: null,
    page: 1,
  });
  const [typed, setTyped] = useState('');
  const [typedVariable, setTypedVariable] = useState<VarFilter | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const friends = useFriends(filter);
  const tags = useTagOptions();
  const tagFilterOptions = [{ value: 0, name: 'すべてのタグ' }, ...tagOptions(tags.data)];
  // Another page or filter shows other rows: what was selected is no longer on screen.
  const setFilter = (change: (current: FriendFilter) => FriendFilter) => {
    setFilterState(change);
    setSelected([]);
  };
  const total = friends.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FRIENDS_PAGE_SIZE));
  const first = total === 0 ? 0 : (filter.page - 1) * FRIENDS_PAGE_SIZE + 1;
  const last = Math.min(total, filter.page * FRIENDS_PAGE_SIZE);

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    setFilter((current) => ({ ...current, q: typed.trim(), variable: typedVariable, page: 1 }));
  };

  return (
    <section className="page friends-page">
      <PageHeader title={title} />
      <form className="friends-filter" role="search" onSubmit={search}>
        <div className="friends-filter__field">
          <label htmlFor="friends-q">名前</label>
          <TextBox
            id="friends-q"
            type="search"
            value={typed}
            onChange={setTyped}
            onEnter={() => search()}
            maxLength={100}
            showCounter={false}
            placeholder="名前の一部"
          />
        </div>
        <div className="friends-filter__field">
          <label htmlFor="friends-state">状態</label>
          <Select
            id="friends-state"
            label="状態"
            options={STATES}
            value={filter.state}
            onChange={(state) => setFilter((current) => ({ ...current, state, page: 1 }))}
          />
        </div>
        <div className="friends-filter__field friends-filter__tag">
          <label htmlFor="friends-tag">タグ</label>
          <Select
            id="friends-tag"
            label="タグ"
            options={tagFilterOptions}
            value={filter.tagId}
            loading={tags.isPending}
            onChange={(tagId) => setFilter((current) => ({ ...current, tagId, page: 1 }))}
          />
        </div>
        <FriendVarFilter value={typedVariable} onChange={setTypedVariable} />
        <button type="submit" className="btn btn--primary">
          検索
        </button>
      </form>
      {friends.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(friends.error)}
        </p>
      ) : null}
      <p className="friends-count" aria-live="polite">
        {friends.data ? `${total.toLocaleString('ja-JP')}人中 ${first}〜${last}人目` : ''}
      </p>
      <FriendsCsvBar filter={filter} canImport={canWriteTags} />
      {canWriteTags ? (
        <BulkTagBar selectedIds={selected} tags={tags.data} onDone={() => setSelected([])} />
      ) : null}
      <FriendTable
        friends={friends.data?.items ?? []}
        loading={friends.isPending}
        selectable={canWriteTags}
        selectedIds={selected}
        onSelectionChange={setSelected}
      />
      <nav className="friends-pager" aria-label="ページ">
        <button
          type="button"
          className="btn"
          disabled={filter.page <= 1}
          onClick={() => setFilter((current) => ({ ...current, page: current.page - 1 }))}
        >
          前へ
        </button>
        <span>
          {filter.page} / {pages}
        </span>
        <button
          type="button"
          className="btn"
          disabled={filter.page >= pages}
          onClick={() => setFilter((current) => ({ ...current, page: current.page + 1 }))}
        >
          次へ
        </button>
      </nav>
    </section>
  );
}
