import type { TagList } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { Select } from '@/ui/select';
import { useToast } from '@/ui/toast';
import { useBulkTagChange } from '../api/friend-tags';
import { tagOptions } from './tag-options';

type BulkTagBarProps = {
  selectedIds: readonly number[];
  tags: TagList | undefined;
  onDone: () => void;
};

/** The selected friends of the page gain or lose one tag in one call (at most 50 a page). */
export function BulkTagBar({ selectedIds, tags, onDone }: BulkTagBarProps) {
  const [tagId, setTagId] = useState<number | null>(null);
  const change = useBulkTagChange();
  const toast = useToast();
  const options = tagOptions(tags);
  const disabled = selectedIds.length === 0 || tagId === null || change.isPending;

  const run = (action: 'add' | 'remove') => {
    if (tagId === null) return;
    const name = options.find((option) => option.value === tagId)?.name ?? '';
    change.mutate(
      { tagId, ids: [...selectedIds], action },
      {
        onSuccess: (result) => {
          const verb = action === 'add' ? '付けました' : '外しました';
          const missing =
            result.not_found.length > 0
              ? `（${result.not_found.length}人は見つかりませんでした）`
              : '';
          toast.success(`${result.changed}人にタグ「${name}」を${verb}${missing}`);
          onDone();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };

  return (
    <div className="friends-bulk" role="group" aria-label="選択した友だちのタグ">
      <span className="friends-bulk__count">{selectedIds.length}人を選択中</span>
      <div className="friends-bulk__tag">
        <Select
          label="付け外しするタグ"
          options={options}
          value={tagId}
          onChange={setTagId}
          placeholder="タグを選択"
          loading={tags === undefined}
        />
      </div>
      <button
        type="button"
        className="btn btn--primary"
        disabled={disabled}
        onClick={() => run('add')}
      >
        タグを付ける
      </button>
      <button type="button" className="btn" disabled={disabled} onClick={() => run('remove')}>
        タグを外す
      </button>
    </div>
  );
}
