import { Link } from 'react-router';

/** A folder's name and count; with funnel-write: move up/down (JRN-17), rename, delete, add. */
export function FolderHeader(props: {
  name: string;
  count: number;
  canWrite: boolean;
  first: boolean;
  last: boolean;
  newJourneyPath: string;
  onMove: (step: -1 | 1) => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { name, canWrite } = props;
  return (
    <h2 className="journey-folder__name">
      {name}
      <span className="text-muted">{props.count}件</span>
      {canWrite ? (
        <span className="journey-tools journey-folder__tools">
          <button
            type="button"
            className="btn btn--small"
            aria-label={`フォルダ「${name}」を上へ`}
            disabled={props.first}
            onClick={() => props.onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn--small"
            aria-label={`フォルダ「${name}」を下へ`}
            disabled={props.last}
            onClick={() => props.onMove(1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="btn btn--small"
            aria-label={`フォルダ「${name}」の名前を変更`}
            onClick={props.onRename}
          >
            名前を変更
          </button>
          <button
            type="button"
            className="btn btn--small btn--danger"
            aria-label={`フォルダ「${name}」を削除`}
            onClick={props.onDelete}
          >
            削除
          </button>
          <Link
            className="btn btn--small"
            to={props.newJourneyPath}
            aria-label={`フォルダ「${name}」にジャーニーを作成`}
          >
            ＋作成
          </Link>
        </span>
      ) : null}
    </h2>
  );
}
