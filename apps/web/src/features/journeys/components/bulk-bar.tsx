import type { JourneyGroup } from '@tsunagu/contracts';
import { useId, useState } from 'react';

const UNFILED = 'none';

/** The rows chosen: delete them all (JRN-11) or move them to a folder (JRN-12). */
export function BulkBar(props: {
  count: number;
  folders: readonly JourneyGroup[];
  busy: boolean;
  onDelete: () => void;
  onMove: (groupId: number | null) => void;
}) {
  const id = useId();
  const [target, setTarget] = useState(UNFILED);
  return (
    <div className="journey-bulk" role="group" aria-label="選んだジャーニー">
      <span>{props.count}件を選択中</span>
      <label htmlFor={id}>移動先</label>
      <select id={id} value={target} onChange={(event) => setTarget(event.target.value)}>
        <option value={UNFILED}>未分類</option>
        {props.folders.map((folder) => (
          <option key={folder.id} value={folder.id}>
            {folder.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn--small"
        disabled={props.busy}
        onClick={() => props.onMove(target === UNFILED ? null : Number(target))}
      >
        フォルダへ移動
      </button>
      <button
        type="button"
        className="btn btn--small btn--danger"
        disabled={props.busy}
        onClick={props.onDelete}
      >
        まとめて削除
      </button>
    </div>
  );
}
