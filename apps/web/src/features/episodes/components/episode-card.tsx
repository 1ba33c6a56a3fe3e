import { type Episode } from '@tsunagu/contracts';
import { stepTiming } from './step-summary';

type Choice = { id: number; name: string };

/** One episode or follow: its steps in words; deleted ones stay shown, marked (EPI-08). */
export function EpisodeCard(props: {
  episode: Episode;
  templates: Choice[];
  canWrite: boolean;
  onEditSteps: () => void;
  onDelete: () => void;
}) {
  const { episode, templates, canWrite } = props;
  const hidden = episode.hid_at !== null;
  const templateName = (id: number | null) =>
    templates.find((template) => template.id === id)?.name ?? '（テンプレートなし）';
  return (
    <li
      className={`episode-card${hidden ? ' episode-card--hidden' : ''}`}
      aria-label={episode.name}
    >
      <div className="episode-card__head">
        <span className="episode-card__name">{episode.name}</span>
        {hidden ? <span className="episode-card__badge">削除済み</span> : null}
        {canWrite && !hidden ? (
          <span className="episode-card__tools">
            <button
              type="button"
              className="btn btn--small"
              aria-label={`「${episode.name}」のステップを編集`}
              onClick={props.onEditSteps}
            >
              ステップを編集
            </button>
            <button
              type="button"
              className="btn btn--small btn--danger"
              aria-label={`「${episode.name}」を削除`}
              onClick={props.onDelete}
            >
              削除
            </button>
          </span>
        ) : null}
      </div>
      {episode.steps.length === 0 ? (
        <p className="text-muted">ステップはまだありません</p>
      ) : (
        <ol className="episode-card__steps">
          {episode.steps.map((step) => (
            <li key={step.id}>
              {stepTiming(step)}：{templateName(step.template_id)}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}
