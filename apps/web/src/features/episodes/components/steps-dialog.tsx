import {
  EPISODE_STEPS_MAX,
  isEpisodeType,
  type Episode,
  type EpisodeAnchor,
  type EpisodeStepInput,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';

type Choice = { id: number; name: string };
const ANCHOR_LABELS: Record<EpisodeAnchor, string> = {
  booked: '予約時',
  visit: '来店日',
  followed: '友だち追加',
};

const blank = (episode: Episode): EpisodeStepInput =>
  isEpisodeType(episode.type)
    ? { anchor: 'visit', offset_days: -1, at_time: '19:00', template_id: null }
    : { anchor: 'followed', offset_days: 0, at_time: null, template_id: null };

/** EPI-03: an episode's or follow's steps edited together and saved as one list. */
export function StepsDialog(props: {
  episode: Episode;
  choices: { templates: Choice[]; tags: Choice[] };
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (steps: EpisodeStepInput[]) => void;
}) {
  const { episode, choices } = props;
  const [steps, setSteps] = useState<EpisodeStepInput[]>(
    episode.steps.map(
      ({ anchor, offset_days, at_time, template_id, add_tag_ids, remove_tag_ids }) => ({
        anchor,
        offset_days,
        at_time,
        template_id,
        add_tag_ids,
        remove_tag_ids,
      }),
    ),
  );
  const anchors: EpisodeAnchor[] = isEpisodeType(episode.type)
    ? ['booked', 'visit']
    : ['followed', 'visit'];
  const errors = isApiError(props.error) ? props.error.fieldErrors : {};
  const set = (index: number, change: Partial<EpisodeStepInput>) =>
    setSteps(steps.map((step, at) => (at === index ? { ...step, ...change } : step)));
  const errorsOf = (index: number) =>
    Object.entries(errors)
      .filter(([field]) => field.startsWith(`steps.${index}.`) || field === `steps.${index}`)
      .flatMap(([, messages]) => messages);

  return (
    <Dialog open title={`「${episode.name}」のステップ`} onClose={props.onClose} width={640}>
      <form
        className="form form--wide episode-steps-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave(steps);
        }}
      >
        {steps.length === 0 ? <p className="text-muted">ステップはまだありません</p> : null}
        <ol className="episode-steps">
          {steps.map((step, index) => {
            const label = `ステップ${index + 1}`;
            const messages = errorsOf(index);
            return (
              <li key={index} className="episode-step" role="group" aria-label={label}>
                <strong>{label}</strong>
                <div className="episode-step__fields">
                  <label className="field">
                    <span className="field__label">起点</span>
                    <select
                      value={step.anchor}
                      onChange={(event) => {
                        const anchor = event.target.value as EpisodeAnchor;
                        set(
                          index,
                          anchor === 'booked'
                            ? { anchor, offset_days: 0, at_time: null }
                            : { anchor },
                        );
                      }}
                    >
                      {anchors.map((anchor) => (
                        <option key={anchor} value={anchor}>
                          {ANCHOR_LABELS[anchor]}
                        </option>
                      ))}
                    </select>
                  </label>
                  {step.anchor === 'booked' ? (
                    <span className="text-muted">予約の直後に送ります</span>
                  ) : (
                    <>
                      <label className="field">
                        <span className="field__label">日数（前はマイナス）</span>
                        <input
                          type="number"
                          min={-365}
                          max={365}
                          value={step.offset_days}
                          onChange={(event) =>
                            set(index, { offset_days: Number(event.target.value) })
                          }
                        />
                      </label>
                      <label className="field">
                        <span className="field__label">時刻</span>
                        <input
                          type="time"
                          value={step.at_time ?? ''}
                          onChange={(event) => set(index, { at_time: event.target.value || null })}
                        />
                      </label>
                    </>
                  )}
                  <label className="field">
                    <span className="field__label">テンプレート</span>
                    <select
                      value={step.template_id ?? ''}
                      onChange={(event) =>
                        set(index, { template_id: Number(event.target.value) || null })
                      }
                    >
                      <option value="">選んでください</option>
                      {choices.templates.map((template) => (
                        <option key={template.id} value={template.id}>
                          {template.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="field">
                    <span className="field__label">付けるタグ</span>
                    <select
                      value={step.add_tag_ids?.[0] ?? ''}
                      onChange={(event) =>
                        set(index, {
                          add_tag_ids: event.target.value ? [Number(event.target.value)] : [],
                        })
                      }
                    >
                      <option value="">なし</option>
                      {choices.tags.map((tag) => (
                        <option key={tag.id} value={tag.id}>
                          {tag.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="field">
                    <span className="field__label">外すタグ</span>
                    <select
                      value={step.remove_tag_ids?.[0] ?? ''}
                      onChange={(event) =>
                        set(index, {
                          remove_tag_ids: event.target.value ? [Number(event.target.value)] : [],
                        })
                      }
                    >
                      <option value="">なし</option>
                      {choices.tags.map((tag) => (
                        <option key={tag.id} value={tag.id}>
                          {tag.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button
                    type="button"
                    className="btn btn--small btn--danger"
                    aria-label={`${label}を削除`}
                    onClick={() => setSteps(steps.filter((_, at) => at !== index))}
                  >
                    削除
                  </button>
                </div>
                <FieldError
                  id={`episode-step-${index}-error`}
                  messages={messages.length ? messages : undefined}
                />
              </li>
            );
          })}
        </ol>
        <FieldError id="episode-steps-error" messages={errors.steps} />
        {steps.length < EPISODE_STEPS_MAX ? (
          <button
            type="button"
            className="btn"
            onClick={() => setSteps([...steps, blank(episode)])}
          >
            ＋ステップを追加
          </button>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={props.onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn btn--primary" disabled={props.busy}>
            {props.busy ? '保存中…' : '保存'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
