import {
  JOURNEY_NAME_MAX,
  JOURNEY_STEP_LABELS,
  JOURNEY_STEPS_MAX,
  type JourneyStepInput,
  type JourneyStepKind,
} from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { afterWrite } from '@/lib/after-write';
import { isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useToast } from '@/ui/toast';
import { useSaveJourney } from '../api/journeys-api';
import { journeyErrorText } from '../api/loaded-guard';
import { journeyPaths } from '../paths';
import { EntryFields } from './entry-fields';
import { MarkedFriends } from './marked-friends';
import { newStep } from './new-step';
import { type Draft } from './journey-draft';
import { StepFields } from './step-fields';

/** The journey's name, folder, entry and steps, saved with PUT (or POST for a new one). */
export function JourneyForm(props: {
  title: string;
  id: number | null;
  canWrite: boolean;
  initial: Draft;
  groups: { id: number; name: string }[];
  choices: Parameters<typeof StepFields>[0]['choices'] &
    Parameters<typeof EntryFields>[0]['choices'];
}) {
  const { id, canWrite, choices } = props;
  const formId = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveJourney();
  const [draft, setDraft] = useState(props.initial);
  const [saved, setSaved] = useState(props.initial);
  const [adding, setAdding] = useState<JourneyStepKind>('send');
  const { release } = useUnsavedChanges(draft, saved);
  const errors = isApiError(save.error) ? save.error.fieldErrors : {};
  const formError =
    save.error && Object.keys(errors).length === 0 ? journeyErrorText(save.error) : null;
  const disabled = !canWrite;
  const setSteps = (steps: JourneyStepInput[]) => setDraft({ ...draft, steps });
  const moveStep = (index: number, step: -1 | 1) => {
    const steps = [...draft.steps];
    const [moved] = steps.splice(index, 1);
    steps.splice(index + step, 0, moved!);
    setSteps(steps);
  };
  const stepErrors = (index: number) =>
    Object.entries(errors)
      .filter(([field]) => field === `steps.${index}` || field.startsWith(`steps.${index}.`))
      .flatMap(([, messages]) => messages);

  return (
    <section className="page journey-edit-page">
      <PageHeader title={props.title} />
      {canWrite ? null : <ReadOnlyNotice what="ジャーニーの作成・変更" permission="funnel-write" />}
      <form
        className="form form--wide"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          afterWrite(save.mutateAsync({ id, input: draft }), (journey) => {
            setSaved(draft);
            release();
            toast.success(id === null ? 'ジャーニーを作成しました' : 'ジャーニーを保存しました');
            if (id === null) navigate(journeyPaths.edit(journey.id));
          });
        }}
      >
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={`${formId}-name`}>ジャーニー名</label>
          <input
            id={`${formId}-name`}
            value={draft.name}
            maxLength={JOURNEY_NAME_MAX}
            disabled={disabled}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={`${formId}-name-error`}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <FieldError id={`${formId}-name-error`} messages={errors.name} />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-group`}>フォルダ</label>
          <select
            id={`${formId}-group`}
            value={draft.group_id ?? ''}
            disabled={disabled}
            onChange={(event) =>
              setDraft({ ...draft, group_id: Number(event.target.value) || null })
            }
          >
            <option value="">未分類</option>
            {props.groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
          <FieldError id={`${formId}-group-error`} messages={errors.group_id} />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.is_active}
            disabled={disabled}
            onChange={(event) => setDraft({ ...draft, is_active: event.target.checked })}
          />
          稼働中にする（オフの間は誰も始めず、進行中の友だちも止まります）
        </label>
        <EntryFields
          entry={draft.entry}
          choices={choices}
          disabled={disabled}
          errors={errors}
          onChange={(entry) => setDraft({ ...draft, entry })}
        />
        <fieldset className="fieldset">
          <legend>ステップ</legend>
          {draft.steps.length === 0 ? <p className="text-muted">ステップはまだありません</p> : null}
          <ol className="journey-steps">
            {draft.steps.map((step, index) => {
              const label = `ステップ${index + 1}`;
              const messages = stepErrors(index);
              return (
                // A list item keeps its role (axe: list); the group that names the step is inside it.
                <li key={index}>
                  <div className="journey-step" role="group" aria-label={label}>
                    <div className="journey-step__head">
                      <strong>
                        {label}：{JOURNEY_STEP_LABELS[step.kind]}
                      </strong>
                      {canWrite ? (
                        <span className="journey-tools">
                          <button
                            type="button"
                            className="btn btn--small"
                            aria-label={`${label}を上へ`}
                            disabled={index === 0}
                            onClick={() => moveStep(index, -1)}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="btn btn--small"
                            aria-label={`${label}を下へ`}
                            disabled={index === draft.steps.length - 1}
                            onClick={() => moveStep(index, 1)}
                          >
                            ↓
                          </button>
                          <button
                            type="button"
                            className="btn btn--small btn--danger"
                            aria-label={`${label}を削除`}
                            onClick={() => setSteps(draft.steps.filter((_, at) => at !== index))}
                          >
                            削除
                          </button>
                        </span>
                      ) : null}
                    </div>
                    <StepFields
                      step={step}
                      index={index}
                      count={draft.steps.length}
                      choices={choices}
                      disabled={disabled}
                      onChange={(changed) =>
                        setSteps(draft.steps.map((item, at) => (at === index ? changed : item)))
                      }
                    />
                    <FieldError
                      id={`${formId}-step-${index}-error`}
                      messages={messages.length ? messages : undefined}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
          <FieldError id={`${formId}-steps-error`} messages={errors.steps} />
          {canWrite && draft.steps.length < JOURNEY_STEPS_MAX ? (
            <div className="journey-step__fields">
              <label className="field">
                <span className="field__label">追加するステップ</span>
                <select
                  value={adding}
                  onChange={(event) => setAdding(event.target.value as JourneyStepKind)}
                >
                  {Object.entries(JOURNEY_STEP_LABELS).map(([kind, label]) => (
                    <option key={kind} value={kind}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="btn"
                onClick={() => setSteps([...draft.steps, newStep(adding)])}
              >
                ＋ステップを追加
              </button>
            </div>
          ) : null}
        </fieldset>
        {canWrite ? (
          <div className="form__actions">
            <button type="button" className="btn" onClick={() => navigate(journeyPaths.list)}>
              一覧へ戻る
            </button>
            <button type="submit" className="btn btn--primary" disabled={save.isPending}>
              {save.isPending ? '保存中…' : '保存'}
            </button>
          </div>
        ) : null}
      </form>
      {id !== null ? (
        <MarkedFriends journeyId={id} steps={saved.steps} journeyTags={choices.journeyTags} />
      ) : null}
    </section>
  );
}
