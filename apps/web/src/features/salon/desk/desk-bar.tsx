import { useState, type FormEvent } from 'react';
import { usePending } from '../api/desk';
import { usePanel } from '../panel/panel-context';
import { panelContents } from '../panel/panel-contents';

/**
 * Always on the salon screen (issue 26): the 要対応 count of every day, opening the list, and
 * the search of bookings by name, kana or phone.
 */
export function DeskBar({ salonId }: { salonId: number }) {
  const pending = usePending(salonId);
  const panel = usePanel();
  const [query, setQuery] = useState('');
  const count = pending.data?.count ?? 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text) panel.open(panelContents.search(text));
  };
  return (
    <div className="desk-bar">
      <button
        type="button"
        className={`btn desk-bar__pending${count > 0 ? ' has-pending' : ''}`}
        onClick={() => panel.open(panelContents.pending())}
      >
        要対応 <strong data-testid="desk-pending-count">{count}</strong>件
      </button>
      <form className="desk-bar__search" role="search" onSubmit={submit}>
        <input
          type="search"
          className="text-field__input"
          aria-label="予約を検索（名前・フリガナ・電話番号）"
          placeholder="名前・フリガナ・電話番号"
          value={query}
          maxLength={50}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit" className="btn">
          検索
        </button>
      </form>
    </div>
  );
}
