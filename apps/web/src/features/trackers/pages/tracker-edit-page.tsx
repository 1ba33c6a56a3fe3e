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
import { useNavigate, useSearchParams } from 'react-router';
import { copyText } from '@/lib/clipboard';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useContentGroups, useSaveTracker, useTracker } from '../api/trackers-api';
import { trackerPaths } from '../paths';
import '../components/trackers.css';

export type ActionsEditorProps = {
  actions: Action[];
  errors: Record<string, string[]>;
  onChange: (actions: Action[]) => void;
};

type Values = {
  name: string;
  group_id: number | null;
  run_mode: TrackerRunMode;
  entry: TrackerEntry;
  run_greeting: boolean;
  active: boolean;
  actions: Action[];
};

const NO_GROUP = 0;

/** The tracker's public URL and QR code: copy, and download as PNG or SVG for print. */
function Share({ tracker }: { tracker: Tracker }) {
  const toast = useToast();
  const qr = `/api/line/trackers/${tracker.id}/qr`;
  return (
    <section className="tracker-share" aria-label="URLとQRコード">
      <img className="tracker-share__qr" src={`${qr}.svg`} alt={`${tracker.name}のQRコード`} />
      <div>
        <p className="tracker-share__url" data-testid="tracker-url">
          {tracker.url}
        </p>
        <p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={async () => {
              if (await copyText(tracker.url)) toast.success('URLをコピーしました');
              else toast.error('コピーできませんでした');
            }}
          >
            URLをコピー
          </button>{' '}
          <a className="btn btn--secondary" href={`${qr}.png`} download>
            QRコード（PNG）
          </a>{' '}
          <a className="btn btn--secondary" href={`${qr}.svg`} download>
            QRコード（SVG）
          </a>
        </p>
        <p className="text-muted">
          アクションや名前を変えても、URLとQRコードは変わりません。停止しても、URLは友だち追加画面へ進みます。
        </p>
      </div>
    </section>
  );
}

function TrackerForm(props: {
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
      {props.tracker ? <Share tracker={props.tracker} /> : null}
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

/**
 * TrackerNew / TrackerEdit (ROUTE-05/06, `?group=`): the tracker's name, folder, actions (the
 * one action model's editor, handed in by app/), when they run, the greeting switch, on / off;
 * once saved, its URL and QR code.
 */
export function TrackerEditPage(props: {
  title: string;
  id: string | null;
  ActionsEditor: ComponentType<ActionsEditorProps>;
}) {
  const [params] = useSearchParams();
  const id = props.id !== null && /^\d+$/.test(props.id) ? Number(props.id) : null;
  const tracker = useTracker(id);
  const groupText = params.get('group');
  const header = (
    <PageHeader
      title={props.title}
      breadcrumbs={[{ label: '流入経路', to: trackerPaths.list }, { label: props.title }]}
    />
  );
  if (id !== null && (tracker.isPending || tracker.isError))
    return (
      <section className="page tracker-edit-page">
        {header}
        {tracker.isPending ? (
          <Loading />
        ) : (
          <p className="notice notice--error" role="alert">
            {errorText(tracker.error)}
          </p>
        )}
      </section>
    );
  const row = tracker.data;
  const initial: Values = row
    ? {
        name: row.name,
        group_id: row.group_id,
        run_mode: row.run_mode,
        entry: row.entry,
        run_greeting: row.run_greeting,
        active: row.active,
        actions: row.actions,
      }
    : {
        name: '',
        group_id: groupText && /^[1-9]\d*$/.test(groupText) ? Number(groupText) : null,
        run_mode: 'first_follow',
        entry: 'login',
        run_greeting: true,
        active: true,
        actions: [],
      };
  return (
    <section className="page tracker-edit-page">
      {header}
      <TrackerForm
        key={row?.id ?? 'new'}
        id={id}
        initial={initial}
        {...(row ? { tracker: row } : {})}
        ActionsEditor={props.ActionsEditor}
      />
    </section>
  );
}
