import type { Member } from '@tsunagu/contracts';
import { useState } from 'react';
import { Dialog } from '@/ui/dialog';
import { TextBox } from '@/ui/text-field';
import { useMemberSearch } from '../api/search-members';

type MemberSearchDialogProps = {
  onPick: (member: Member) => void;
  onClose: () => void;
};

/** Member search (GET /api/members?q=), opened above the side panel (TML-11). */
export function MemberSearchDialog({ onPick, onClose }: MemberSearchDialogProps) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const result = useMemberSearch(query);
  return (
    <Dialog open title="会員を検索" onClose={onClose}>
      <form
        className="salon-member-search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(typed.trim());
        }}
      >
        <label className="visually-hidden" htmlFor="salon-member-query">
          名前またはLINEユーザーID
        </label>
        <TextBox
          id="salon-member-query"
          value={typed}
          onChange={setTyped}
          placeholder="名前またはLINEユーザーID"
          showCounter={false}
          autoFocus
        />
        <button type="submit" className="btn">
          検索
        </button>
      </form>
      {result.isPending ? <p className="text-muted">読み込み中...</p> : null}
      {result.isError ? <p className="text-muted">会員を取得できませんでした</p> : null}
      {result.data ? (
        result.data.items.length === 0 ? (
          <p className="text-muted">該当する会員がいません</p>
        ) : (
          <ul className="salon-member-list" aria-label="検索結果">
            {result.data.items.map((member) => (
              <li key={member.id}>
                <button
                  type="button"
                  className="salon-member-list__item"
                  onClick={() => {
                    onPick(member);
                    onClose();
                  }}
                >
                  {member.icon_url ? <img src={member.icon_url} alt="" /> : null}
                  <span>{member.display_name}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          閉じる
        </button>
      </div>
    </Dialog>
  );
}
