import {
  EVENT_BOOKING_LIMIT_LABELS,
  EVENT_BOOKING_LIMITS,
  EVENT_LIMITS,
  EVENT_STATE_LABELS,
  EVENT_STATES,
  type Action,
  type EventBookingLimit,
  type EventDetail,
  type EventInput,
  type EventQuestion,
  type EventReminder,
  type EventState,
} from '@tsunagu/contracts';
import { useState, type ComponentType } from 'react';
import { isApiError, refusalText } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { QuestionsEditor } from './questions-editor';
import { InsertableText, RemindersEditor } from './reminders-editor';

export type EventValues = {
  admin_name: string;
  title: string;
  description: string;
  image_url: string;
  place: string;
  online_url: string;
  folder: string;
  state: EventState;
  booking_limit: EventBookingLimit;
  questions: EventQuestion[];
  actions_on_booking: Action[];
  actions_on_cancel: Action[];
  actions_on_attendance: Action[];
  confirmation_text: string;
  reminders: EventReminder[];
  default_close_hour: number;
  waitlist_enabled: boolean;
  waitlist_offer_hours: number;
};

export const EMPTY_EVENT: EventValues = {
  admin_name: '',
  title: '',
  description: '',
  image_url: '',
  place: '',
  online_url: '',
  folder: '',
  state: 'draft',
  booking_limit: 'per_event',
  questions: [],
  actions_on_booking: [],
  actions_on_cancel: [],
  actions_on_attendance: [],
  confirmation_text: '',
  reminders: [],
  default_close_hour: 18,
  waitlist_enabled: true,
  waitlist_offer_hours: 24,
};

export function valuesOf(event: EventDetail): EventValues {
  const {
    id: _id,
    public_key: _key,
    state_name: _name,
    created_at: _c,
    updated_at: _u,
    ...rest
  } = event;
  return rest;
}

/**
 * The one action model's list editor (the follow settings' one), handed in by the route file
 * because features do not import each other.
 */
export type ActionsEditorProps = {
  actions: Action[];
  errors: Record<string, string[]>;
  onChange: (actions: Action[]) => void;
};
export type ActionsEditor = ComponentType<ActionsEditorProps>;

const ACTION_HOOKS = [
  ['actions_on_booking', '予約したとき'],
  ['actions_on_cancel', 'キャンセルしたとき'],
  ['actions_on_attendance', '出席したとき'],
] as const;

/** The 422's messages of one action list, keyed as the action list editor reads them. */
const actionErrors = (errors: Record<string, string[]>, field: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`${field}.`))
      .map(([key, messages]) => [`actions.${key.slice(field.length + 1)}`, messages]),
  );

/**
 * EventNew / EventEdit (issue 27): everything an organiser sets on an event — names, text,
 * image, place (shown only to booked friends), folder, how often a friend may book, questions,
 * the one action model on booking / cancel / attendance, confirmation and reminder texts,
 * booking close and waitlist rules, state. The server's 422s appear under their fields.
 */
export function EventForm(props: {
  initial: EventValues;
  folders: string[];
  items: { id: number; name: string }[];
  ActionsEditor: ActionsEditor;
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (input: EventInput) => void;
}) {
  const [values, setValues] = useState(props.initial);
  const set = <K extends keyof EventValues>(key: K, value: EventValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));
  const errors = isApiError(props.error) ? props.error.fieldErrors : {};
  const formError =
    props.error && Object.keys(errors).length === 0 ? refusalText(props.error) : null;

  const text = (
    key: 'admin_name' | 'title' | 'image_url' | 'place' | 'online_url' | 'folder',
    label: string,
    max: number,
    hint?: string,
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`ev-${key}`}>
        {label}
      </label>
      <input
        id={`ev-${key}`}
        value={values[key]}
        maxLength={max}
        list={key === 'folder' ? 'ev-folders' : undefined}
        type={key === 'image_url' || key === 'online_url' ? 'url' : 'text'}
        placeholder={key === 'image_url' || key === 'online_url' ? 'https://' : undefined}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`ev-${key}-error`}
        onChange={(event) => set(key, event.target.value)}
      />
      {hint ? <p className="field__hint">{hint}</p> : null}
      <FieldError id={`ev-${key}-error`} messages={errors[key]} />
    </div>
  );

  return (
    <form
      className="form ev-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(values);
      }}
    >
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}
      <fieldset>
        <legend>基本情報</legend>
        <div className="ev-grid">
          {text('admin_name', '管理名', EVENT_LIMITS.adminNameMax, '友だちには表示されません')}
          {text('title', 'タイトル', EVENT_LIMITS.titleMax)}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="ev-description">
            説明
          </label>
          <textarea
            id="ev-description"
            rows={5}
            maxLength={EVENT_LIMITS.descriptionMax}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
          />
          <FieldError id="ev-description-error" messages={errors.description} />
        </div>
        {text('image_url', '画像のURL', EVENT_LIMITS.urlMax)}
        {values.image_url.startsWith('https://') ? (
          <img className="ev-image-preview" src={values.image_url} alt="イベント画像のプレビュー" />
        ) : null}
        <div className="ev-grid">
          {text('place', '場所（住所）', EVENT_LIMITS.placeMax, '予約した友だちにだけ表示されます')}
          {text(
            'online_url',
            'オンラインURL',
            EVENT_LIMITS.urlMax,
            '予約した友だちにだけ表示されます',
          )}
          {text('folder', 'フォルダ', EVENT_LIMITS.folderMax, '空欄は未分類')}
        </div>
        <datalist id="ev-folders">
          {props.folders.map((folder) => (
            <option key={folder} value={folder} />
          ))}
        </datalist>
        <div className="ev-grid">
          <div className="field">
            <label className="field__label" htmlFor="ev-state">
              状態
            </label>
            <select
              id="ev-state"
              value={values.state}
              onChange={(event) => set('state', event.target.value as EventState)}
            >
              {EVENT_STATES.map((state) => (
                <option key={state} value={state}>
                  {EVENT_STATE_LABELS[state]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="ev-limit">
              予約できる回数
            </label>
            <select
              id="ev-limit"
              value={values.booking_limit}
              onChange={(event) => set('booking_limit', event.target.value as EventBookingLimit)}
            >
              {EVENT_BOOKING_LIMITS.map((limit) => (
                <option key={limit} value={limit}>
                  {EVENT_BOOKING_LIMIT_LABELS[limit]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>

      <fieldset>
        <legend>受付とキャンセル待ち</legend>
        <div className="ev-grid">
          <div className="field">
            <label className="field__label" htmlFor="ev-close-hour">
              受付締切（前日の何時）
            </label>
            <input
              id="ev-close-hour"
              type="number"
              min={0}
              max={23}
              value={values.default_close_hour}
              aria-describedby="ev-close-hour-error"
              onChange={(event) => set('default_close_hour', Number(event.target.value))}
            />
            <p className="field__hint">日程ごとに締切を決めない場合に使います</p>
            <FieldError id="ev-close-hour-error" messages={errors.default_close_hour} />
          </div>
          <div className="field">
            <label className="ev-check">
              <input
                type="checkbox"
                checked={values.waitlist_enabled}
                onChange={(event) => set('waitlist_enabled', event.target.checked)}
              />
              満席のときキャンセル待ちを受け付ける
            </label>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="ev-offer-hours">
              繰り上げの回答期限（時間）
            </label>
            <input
              id="ev-offer-hours"
              type="number"
              min={1}
              max={EVENT_LIMITS.offerHoursMax}
              value={values.waitlist_offer_hours}
              disabled={!values.waitlist_enabled}
              aria-describedby="ev-offer-hours-error"
              onChange={(event) => set('waitlist_offer_hours', Number(event.target.value))}
            />
            <FieldError id="ev-offer-hours-error" messages={errors.waitlist_offer_hours} />
          </div>
        </div>
      </fieldset>

      <QuestionsEditor
        questions={values.questions}
        items={props.items}
        errors={errors}
        disabled={false}
        onChange={(questions) => set('questions', questions)}
      />

      <fieldset>
        <legend>アクション</legend>
        {ACTION_HOOKS.map(([key, label]) => (
          <div key={key} className="field" role="group" aria-label={`${label}のアクション`}>
            <p className="field__label">{label}</p>
            <props.ActionsEditor
              actions={values[key]}
              errors={actionErrors(errors, key)}
              onChange={(actions) => set(key, actions)}
            />
          </div>
        ))}
      </fieldset>

      <fieldset>
        <legend>メッセージ</legend>
        <InsertableText
          id="ev-confirmation"
          label="予約確定メッセージ"
          value={values.confirmation_text}
          placeholder="空欄のときは標準の文面を送ります"
          onChange={(value) => set('confirmation_text', value)}
        />
        <FieldError id="ev-confirmation-error" messages={errors.confirmation_text} />
      </fieldset>
      <RemindersEditor
        reminders={values.reminders}
        errors={errors}
        onChange={(reminders) => set('reminders', reminders)}
      />

      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={props.busy}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
