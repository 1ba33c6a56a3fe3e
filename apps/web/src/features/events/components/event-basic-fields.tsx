import {
  EVENT_BOOKING_LIMIT_LABELS,
  EVENT_BOOKING_LIMITS,
  EVENT_LIMITS,
  EVENT_STATE_LABELS,
  EVENT_STATES,
  type EventBookingLimit,
  type EventState,
} from '@tsunagu/contracts';
import { FieldError } from '@/ui/field-error';
import type { EventFieldsProps } from './event-values';

/**
 * 基本情報: names, text, image, place and online URL (shown only to booked friends), folder,
 * state, and how often a friend may book.
 */
export function EventBasicFields({
  values,
  set,
  errors,
  folders,
}: EventFieldsProps & { folders: string[] }) {
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
        {folders.map((folder) => (
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
  );
}
