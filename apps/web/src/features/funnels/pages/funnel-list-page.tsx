import {
  FRIEND_EVENT_CHOICE_LIST,
  FRIEND_EVENT_KINDS,
  FRIEND_EVENT_LABELS,
  FUNNEL_STEPS_MAX,
  type Funnel,
  type FunnelInput,
  type FunnelResult,
  type FunnelStep,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { DatePicker } from '@/ui/date-picker';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import {
  funnelsBase,
  useDeleteFunnel,
  useFunnelChoices,
  useFunnelList,
  useFunnelMembers,
  usePreviewFunnel,
  useSaveFunnel,
} from '../api/funnels-api';
import { FunnelResultTable, type FunnelCountAction } from '../components/funnel-result-table';
import { useCountToSegment } from '../components/use-count-to-segment';
import '../components/funnels.css';

const emptyStep = (kind: FunnelStep['kind']): FunnelStep => ({ kind, ref_id: null, goal: null });
const blank: FunnelInput = {
  name: '',
  steps: [emptyStep('follow'), emptyStep('form_answered'), emptyStep('salon_booked')],
  cohort: { followed_from: null, followed_to: null, tracker_id: null },
  ordered: true,
  window_days: 30,
};
const inputOf = ({ id: _id, updated_at: _u, ...input }: Funnel): FunnelInput => input;

/**
 * ファネル (issue 30, ROUTE-15): saved funnels, the editor (steps over what friends did, the
 * cohort, ordered or not, a window), the result table with bars, its friends, CSV and printing.
 */
export function FunnelListPage({
  title,
  countActions = ['friends', 'segment', 'notification'],
}: {
  title: string;
  /** What a count offers: the operator's permissions decide (decision 0430). */
  countActions?: readonly FunnelCountAction[];
}) {
  const list = useFunnelList();
  const choices = useFunnelChoices();
  const preview = usePreviewFunnel();
  const save = useSaveFunnel();
  const remove = useDeleteFunnel();
  const toSegment = useCountToSegment();
  const [id, setId] = useState<number | null>(null);
  const [input, setInput] = useState<FunnelInput>(blank);
  const [result, setResult] = useState<FunnelResult | null>(null);
  const [opened, setOpened] = useState<{ step: number; reached: boolean } | null>(null);
  const members = useFunnelMembers(opened ? id : null, opened?.step ?? 1, opened?.reached ?? true);

  const pick = (funnel: Funnel | null) => {
    setId(funnel?.id ?? null);
    setInput(funnel ? inputOf(funnel) : blank);
    setResult(null);
    setOpened(null);
    preview.reset();
  };
  const setStep = (index: number, step: Partial<FunnelStep>) =>
    setInput({
      ...input,
      steps: input.steps.map((own, at) => (at === index ? { ...own, ...step } : own)),
    });
  const count = () => {
    const { name: _name, ...definition } = input;
    preview.mutate(definition, { onSuccess: setResult });
  };

  if (list.isPending) return <Loading />;
  const error = preview.error ?? save.error ?? remove.error ?? toSegment.error ?? list.error;
  return (
    <section className="page funnel-page">
      <PageHeader title={title} />
      <nav className="funnel-page__list no-print" aria-label="保存したファネル">
        <button type="button" className="btn" onClick={() => pick(null)}>
          新しいファネル
        </button>
        {(list.data ?? []).map((funnel) => (
          <button
            key={funnel.id}
            type="button"
            className={`btn ${funnel.id === id ? 'btn--primary' : ''}`}
            aria-pressed={funnel.id === id}
            onClick={() => pick(funnel)}
          >
            {funnel.name}
          </button>
        ))}
      </nav>

      <form
        className="funnel-editor no-print"
        onSubmit={(event) => {
          event.preventDefault();
          count();
        }}
      >
        <div className="funnel-editor__field">
          <label htmlFor="funnel-name">ファネル名</label>
          <TextBox
            id="funnel-name"
            value={input.name}
            maxLength={100}
            onChange={(name) => setInput({ ...input, name })}
          />
        </div>
        <fieldset>
          <legend>ステップ</legend>
          <ol className="funnel-editor__steps">
            {input.steps.map((step, index) => {
              const listName = FRIEND_EVENT_CHOICE_LIST[step.kind];
              const options = listName ? (choices.data?.[listName] ?? []) : [];
              return (
                <li key={index} className="funnel-editor__step">
                  <Select
                    label={`ステップ${index + 1}の行動`}
                    value={step.kind}
                    options={FRIEND_EVENT_KINDS.map((kind) => ({
                      value: kind,
                      name: FRIEND_EVENT_LABELS[kind],
                    }))}
                    onChange={(kind) => setStep(index, { kind, ref_id: null })}
                  />
                  {listName ? (
                    <Select
                      label={`ステップ${index + 1}の対象`}
                      value={step.ref_id ?? 0}
                      options={[
                        { value: 0, name: 'すべて' },
                        ...options.map((option) => ({ value: option.id, name: option.name })),
                      ]}
                      onChange={(refId) => setStep(index, { ref_id: refId === 0 ? null : refId })}
                    />
                  ) : null}
                  <label>
                    目標（%）
                    <input
                      className="text-field__input funnel-editor__number"
                      type="number"
                      min={0}
                      max={100}
                      aria-label={`ステップ${index + 1}の目標（%）`}
                      value={step.goal ?? ''}
                      onChange={(event) =>
                        setStep(index, {
                          goal: event.target.value === '' ? null : Number(event.target.value),
                        })
                      }
                    />
                  </label>
                  {input.steps.length > 2 ? (
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() =>
                        setInput({ ...input, steps: input.steps.filter((_, at) => at !== index) })
                      }
                    >
                      削除
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ol>
          {input.steps.length < FUNNEL_STEPS_MAX ? (
            <button
              type="button"
              className="btn btn--small"
              onClick={() =>
                setInput({ ...input, steps: [...input.steps, emptyStep('tag_added')] })
              }
            >
              ステップを追加
            </button>
          ) : null}
        </fieldset>
        <fieldset className="funnel-editor__options">
          <legend>数え方</legend>
          <label>
            <input
              type="radio"
              name="ordered"
              checked={input.ordered}
              onChange={() => setInput({ ...input, ordered: true })}
            />
            順番どおり
          </label>
          <label>
            <input
              type="radio"
              name="ordered"
              checked={!input.ordered}
              onChange={() => setInput({ ...input, ordered: false })}
            />
            順不同
          </label>
          <label>
            最初のステップから
            <input
              className="text-field__input funnel-editor__number"
              type="number"
              min={1}
              max={365}
              aria-label="期間（日）"
              value={input.window_days ?? ''}
              onChange={(event) =>
                setInput({
                  ...input,
                  window_days: event.target.value === '' ? null : Number(event.target.value),
                })
              }
            />
            日以内（空欄は無制限）
          </label>
        </fieldset>
        <fieldset className="funnel-editor__options funnel-editor__cohort">
          <legend>対象の友だち（友だち追加日・流入経路）</legend>
          <DatePicker
            label="友だち追加日（から）"
            value={input.cohort.followed_from ?? ''}
            onChange={(date) =>
              setInput({ ...input, cohort: { ...input.cohort, followed_from: date || null } })
            }
          />
          〜
          <DatePicker
            label="友だち追加日（まで）"
            value={input.cohort.followed_to ?? ''}
            onChange={(date) =>
              setInput({ ...input, cohort: { ...input.cohort, followed_to: date || null } })
            }
          />
          <Select
            label="流入経路"
            value={input.cohort.tracker_id ?? 0}
            options={[
              { value: 0, name: 'すべての友だち' },
              ...(choices.data?.trackers ?? []).map((tracker) => ({
                value: tracker.id,
                name: tracker.name,
              })),
            ]}
            onChange={(tracker) =>
              setInput({
                ...input,
                cohort: { ...input.cohort, tracker_id: tracker === 0 ? null : tracker },
              })
            }
          />
        </fieldset>
        <div className="funnel-editor__actions">
          <button type="submit" className="btn btn--primary" disabled={preview.isPending}>
            集計する
          </button>
          <button
            type="button"
            className="btn"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(
                { id, input },
                {
                  onSuccess: (saved) => {
                    setId(saved);
                    count();
                  },
                },
              )
            }
          >
            保存
          </button>
          {id !== null ? (
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => remove.mutate(id, { onSuccess: () => pick(null) })}
            >
              削除
            </button>
          ) : null}
        </div>
      </form>

      {error ? (
        <p className="notice notice--error" role="alert">
          {errorText(error)}
        </p>
      ) : null}

      {result ? (
        <section className="funnel-page__result" aria-label="集計結果">
          <h2 className="print-only">{input.name || 'ファネル'}</h2>
          <FunnelResultTable
            result={result}
            choices={choices.data}
            actions={countActions}
            onOpen={
              id === null
                ? undefined
                : (step, reached, action) => {
                    if (action === 'friends') setOpened({ step, reached });
                    else
                      toSegment.mutate({ funnelId: id, name: input.name, step, reached, action });
                  }
            }
          />
          <div className="funnel-page__exports no-print">
            {id !== null ? (
              <a className="btn" href={`${funnelsBase}/${id}/csv`} download>
                CSV（Excel）
              </a>
            ) : (
              <p className="text-muted">保存すると、数から友だちを開けます。</p>
            )}
            <button type="button" className="btn" onClick={() => window.print()}>
              印刷・PDF
            </button>
          </div>
        </section>
      ) : null}

      {opened && id !== null ? (
        <section className="funnel-page__members no-print" aria-label="友だち">
          <h2>
            ステップ{opened.step}に{opened.reached ? '到達した' : '到達しなかった'}友だち
            {members.data ? `（${members.data.total.toLocaleString('ja-JP')}人）` : ''}
          </h2>
          {members.isPending ? (
            <Loading />
          ) : (
            <ul>
              {(members.data?.items ?? []).map((friend) => (
                <li key={friend.id}>{friend.display_name || '（名前なし）'}</li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </section>
  );
}
