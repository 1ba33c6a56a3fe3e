import type { FriendTag } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { Select } from '@/ui/select';
import { useToast } from '@/ui/toast';
import { useTagOptions } from '../api/friend-tags';
import { useFriendTagChange } from '../api/friend-detail';
import { tagOptions } from './tag-options';

type FriendTagsPanelProps = { friendId: number; tags: readonly FriendTag[]; canWrite: boolean };

/** The friend's tags; with tag-write one is added from the account's tags or removed. */
export function FriendTagsPanel({ friendId, tags, canWrite }: FriendTagsPanelProps) {
  const options = useTagOptions();
  const change = useFriendTagChange(friendId);
  const [picked, setPicked] = useState<number | null>(null);
  const toast = useToast();
  const held = new Set(tags.map((tag) => tag.id));
  const addable = tagOptions(options.data).filter((option) => !held.has(option.value));

  const run = (tagId: number, action: 'add' | 'remove') =>
    change.mutate(
      { tagId, action },
      {
        onSuccess: () => {
          toast.success(action === 'add' ? 'タグを付けました' : 'タグを外しました');
          setPicked(null);
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );

  return (
    <div className="friend-tags-panel">
      {tags.length === 0 ? (
        <p className="text-muted">タグはありません</p>
      ) : (
        <ul className="friend-tags" aria-label="付いているタグ">
          {tags.map((tag) => (
            <li key={tag.id} className="friend-tag">
              {tag.name}
              {canWrite ? (
                <button
                  type="button"
                  className="friend-tag__remove"
                  aria-label={`タグ「${tag.name}」を外す`}
                  disabled={change.isPending}
                  onClick={() => run(tag.id, 'remove')}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <div className="friend-tags-panel__add">
          <Select
            label="付けるタグ"
            options={addable}
            value={picked}
            onChange={setPicked}
            placeholder={addable.length ? 'タグを選択' : '付けられるタグがありません'}
            loading={options.isPending}
            disabled={addable.length === 0}
          />
          <button
            type="button"
            className="btn"
            disabled={picked === null || change.isPending}
            onClick={() => picked !== null && run(picked, 'add')}
          >
            タグを付ける
          </button>
        </div>
      ) : null}
    </div>
  );
}
