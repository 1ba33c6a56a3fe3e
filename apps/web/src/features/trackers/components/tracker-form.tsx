import {
  CONTENT_GROUP_TEXT,
  TRACKER_ENTRIES,
  TRACKER_ENTRY_LABELS,
  TRACKER_NAME_MAX,
  TRACKER_RUN_MODE_LABELS,
  TRACKER_RUN_MODES,
  TRACKER_TEXT,
  type Action,
  type Tracker,
  type TrackerEntry,
  type TrackerRunMode,
} from '@tsunagu/contracts';
import { useId, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useContentGroups, useSaveTracker } from '../api/trackers-api';
import { trackerPaths } from '../paths';
import { TrackerShare } from './tracker-share';

/** The one action model's editor, handed in by app/ (the trackers feature does not import it). */
export type ActionsEditorProps = {
  actions: Action[];
  errors: Record<string, string[]>;
  onChange: (actions: Action[]) => void;
};

export type Values = {
  name: string;
  group_id: number | null;
  run_mode: TrackerRunMode;
  entry: TrackerEntry;
  run_greeting: boolean;
  active: boolean;
  actions: Action[];
};

const NO_GROUP = 0;

/** The tracker's fields, saved with POST or PUT; once saved, its URL and QR code above them. */
export function TrackerForm(props: {
  id: number | null;
  initial: Values;
  tracker?: Tracker;
  ActionsEditor: ComponentType<ActionsEditorProps>;
}) {
  const [values, setValues] = useState(props.initial);
  const save = useSaveTracker(props.id);
  const groups = useContentGroups();
  const navigate = useNavigate();
  const toast = useToast();
  const nameId = useId();
  const errors = isApiError(save.error) ? save.error.fieldErrors : {};
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const { ActionsEditor } = props;

  return (
    <form
      className="tracker-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values, {
          onSuccess: (id) => {
            toast.success('保存しました');
            if (props.id === null) navigate(trackerPaths.edit(id), { replace: true });
          },
        });
      }}
    >
      {save.isError && !isApiError(save.error) ? (
        <p className="notice notice--error" role="alert">
          {errorText(save.error)}
        </p>
      ) : save.isError && Object.keys(errors).length === 0 ? (
        <p className="notice notice--error" role="alert">
          {errorText(save.error)}
        </p>
      ) : null}
      {props.tracker ? <TrackerShare tracker={props.tracker} /> : null}
      <div className="form-field">
        <label htmlFor={nameId}>流入経路名（お客様には見えません）</label>
        <TextBox
          id={nameId}
          value={values.name}
          onChange={(name) => set('name', name)}
          maxLength={TRACKER_NAME_MAX}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={`${nameId}-error`}
        />
        <FieldError id={`${nameId}-error`} messages={errors.name} />
      </div>
      <div className="form-field">
        <span className="form-field__label" aria-hidden="true">
          フォルダ
        </span>
        <Select
          label="フォルダ"
          value={values.group_id ?? NO_GROUP}
          options={[
            { value: NO_GROUP, name: CONTENT_GROUP_TEXT.ungrouped },
            ...(groups.data?.groups ?? []).map((g) => ({ value: g.id, name: g.name })),
          ]}
          loading={groups.isPending}
          onChange={(value) => set('group_id', value === NO_GROUP ? null : value)}
        />
        <FieldError id={`${nameId}-group-error`} messages={errors.group_id} />
      </div>
      <fieldset aria-describedby={`${nameId}-entry-help`}>
        <legend>計測の方法</legend>
        {TRACKER_ENTRIES.map((entry) => (
          <label key={entry} className="radio">
            <input
              type="radio"
              name="entry"
              value={entry}
              checked={values.entry === entry}
              onChange={() => set('entry', entry)}
              aria-invalid={errors.entry ? true : undefined}
            />{' '}
            {TRACKER_ENTRY_LABELS[entry]}
          </label>
        ))}
        <p id={`${nameId}-entry-help`} className="text-muted">
          {TRACKER_TEXT.entryExplanation}
          {values.entry === 'liff'
            ? TRACKER_TEXT.liffEndpoint(`${window.location.origin}/t/liff`)
            : ''}
        </p>
        <FieldError id={`${nameId}-entry-error`} messages={errors.entry} />
      </fieldset>
      <fieldset>
        <legend>アクションの実行タイミング</legend>
        {TRACKER_RUN_MODES.map((mode) => (
          <label key={mode} className="radio">
            <input
              type="radio"
              name="run_mode"
              value={mode}
              checked={values.run_mode === mode}
              onChange={() => set('run_mode', mode)}
            />{' '}
            {TRACKER_RUN_MODE_LABELS[mode]}
          </label>
        ))}
        <FieldError id={`${nameId}-mode-error`} messages={errors.run_mode} />
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.run_greeting}
          onChange={(event) => set('run_greeting', event.target.checked)}
        />{' '}
        友だち追加時設定のあいさつも送る
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(event) => set('active', event.target.checked)}
        />{' '}
        有効（停止中はクリックを記録せず、友だち追加画面へ進みます）
      </label>
      <div className="form-field">
        <h2 className="form-section-title">この流入経路から来た友だちへのアクション</h2>
        <ActionsEditor
          actions={values.actions}
          errors={errors}
          onChange={(actions) => set('actions', actions)}
        />
      </div>
      <p className="tracker-consent">{TRACKER_TEXT.consentExplanation}</p>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {props.id === null ? '作成する' : '保存する'}
        </button>
      </div>
    </form>
  );
}
