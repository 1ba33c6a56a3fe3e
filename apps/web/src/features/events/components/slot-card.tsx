import { EVENT_LIMITS, type EventSlot, type EventSlotInput } from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { isApiError, refusalText } from '@/lib/api-error';
import { dateJa, tokyoIso } from '@/lib/tokyo-wall-clock';
import { clockIso, clockOf, type WallClock } from '../lib/slot-draft';

type Draft = {
  date: string;
  start: string;
  end: string;
  capacity: string;
  place: string;
  opens: WallClock;
  closes: WallClock;
  cancel: WallClock;
};

export function draftOf(slot: EventSlot | null, date = ''): Draft {
  if (!slot)
    return {
      date,
      start: '10:00',
      end: '11:00',
      capacity: '10',
      place: '',
      opens: clockOf(null),
      closes: clockOf(null),
      cancel: clockOf(null),
    };
  return {
    date: slot.date,
    start: slot.from,
    end: slot.to,
    capacity: String(slot.capacity),
    place: slot.place,
    opens: clockOf(slot.opens_at),
    closes: clockOf(slot.closes_at),
    cancel: clockOf(slot.cancel_deadline_at),
  };
}

/** The slot as the API takes it; an end before the start means the next day is not offered. */
function inputOf(draft: Draft): EventSlotInput {
  return {
    starts_at: tokyoIso(draft.date, draft.start) ?? '',
    ends_at: tokyoIso(draft.date, draft.end) ?? '',
    capacity: Number(draft.capacity),
    place: draft.place,
    opens_at: clockIso(draft.opens),
    closes_at: clockIso(draft.closes),
    cancel_deadline_at: clockIso(draft.cancel),
  };
}

function ClockField(props: {
  id: string;
  label: string;
  value: WallClock;
  hint: string;
  onChange: (clock: WallClock) => void;
}) {
  return (
    <div className="field" role="group" aria-labelledby={`${props.id}-label`}>
      <span id={`${props.id}-label`} className="field__label">
        {props.label}
      </span>
      <div className="ev-line">
        <input
          type="date"
          aria-label={`${props.label}の日付`}
          value={props.value.date}
          onChange={(event) => props.onChange({ ...props.value, date: event.target.value })}
        />
        <input
          type="time"
          aria-label={`${props.label}の時刻`}
          value={props.value.time}
          onChange={(event) => props.onChange({ ...props.value, time: event.target.value })}
        />
      </div>
      <p className="field__hint">{props.hint}</p>
    </div>
  );
}

/**
 * One slot of the slots editor: day, start / end, seats, its own place, booking opens /
 * closes and the cancel deadline (empty = the event's defaults). Saved slots show their
 * bookings and can be copied weekly.
 */
export function SlotCard(props: {
  slot: EventSlot | null;
  label: string;
  closeHour: number;
  busy: boolean;
  error: unknown;
  onSave: (input: EventSlotInput) => void;
  onDelete?: () => void;
  onCopyWeekly?: (weeks: number) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(props.slot));
  const [weeks, setWeeks] = useState('8');
  const set = (patch: Partial<Draft>) => setDraft((old) => ({ ...old, ...patch }));
  const errors = isApiError(props.error) ? props.error.fieldErrors : {};
  const formError =
    props.error && Object.keys(errors).length === 0 ? refusalText(props.error) : null;
  const messages = Object.values(errors).flat();
  const slot = props.slot;
  return (
    <section className="ev-slot-card" aria-label={props.label} data-testid="event-slot">
      <div className="ev-slot-head">
        <strong>{props.label}</strong>
        {slot ? (
          <span className={slot.seats_left === 0 ? 'ev-full' : 'text-muted'}>
            予約 {slot.booked} / {slot.capacity}
            {slot.waitlisted > 0 ? `・キャンセル待ち ${slot.waitlisted}` : ''}
          </span>
        ) : null}
      </div>
      <div className="ev-line">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-date`}>
            日付
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={draft.date}
            onChange={(event) => set({ date: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-start`}>
            開始
          </label>
          <input
            id={`${id}-start`}
            type="time"
            value={draft.start}
            onChange={(event) => set({ start: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-end`}>
            終了
          </label>
          <input
            id={`${id}-end`}
            type="time"
            value={draft.end}
            onChange={(event) => set({ end: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-capacity`}>
            定員
          </label>
          <input
            id={`${id}-capacity`}
            type="number"
            min={1}
            max={EVENT_LIMITS.capacityMax}
            inputMode="numeric"
            value={draft.capacity}
            onChange={(event) => set({ capacity: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-place`}>
            この日程の場所
          </label>
          <input
            id={`${id}-place`}
            value={draft.place}
            maxLength={EVENT_LIMITS.placeMax}
            placeholder="空欄はイベントの場所"
            onChange={(event) => set({ place: event.target.value })}
          />
        </div>
      </div>
      <details>
        <summary>受付期間とキャンセル期限</summary>
        <div className="ev-line">
          <ClockField
            id={`${id}-opens`}
            label="受付開始"
            value={draft.opens}
            hint="空欄は公開中ならすぐ"
            onChange={(opens) => set({ opens })}
          />
          <ClockField
            id={`${id}-closes`}
            label="受付締切"
            value={draft.closes}
            hint={`空欄は前日の${props.closeHour}時`}
            onChange={(closes) => set({ closes })}
          />
          <ClockField
            id={`${id}-cancel`}
            label="キャンセル期限"
            value={draft.cancel}
            hint="空欄は受付締切と同じ"
            onChange={(cancel) => set({ cancel })}
          />
        </div>
      </details>
      {formError || messages.length > 0 ? (
        <p className="field__error" role="alert">
          {formError ?? messages.join('\n')}
        </p>
      ) : null}
      <div className="ev-line">
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={props.busy}
          onClick={() => props.onSave(inputOf(draft))}
        >
          {slot ? '日程を保存' : '日程を追加'}
        </button>
        {props.onCancel ? (
          <button type="button" className="btn btn--small" onClick={props.onCancel}>
            やめる
          </button>
        ) : null}
        {props.onCopyWeekly ? (
          <span className="ev-line">
            <label htmlFor={`${id}-weeks`}>毎週</label>
            <input
              id={`${id}-weeks`}
              className="ev-weeks"
              type="number"
              min={1}
              max={EVENT_LIMITS.copyDatesMax}
              value={weeks}
              onChange={(event) => setWeeks(event.target.value)}
            />
            <span>週分</span>
            <button
              type="button"
              className="btn btn--small"
              disabled={props.busy || !(Number(weeks) >= 1)}
              onClick={() => props.onCopyWeekly?.(Number(weeks))}
            >
              毎週コピー
            </button>
          </span>
        ) : null}
        {props.onDelete ? (
          <button
            type="button"
            className="btn btn--small btn--danger"
            disabled={props.busy}
            onClick={props.onDelete}
          >
            削除
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** `12月5日(土) 10:00〜12:00` of a saved slot (the card's title). */
export function slotTitle(slot: Pick<EventSlot, 'date' | 'from' | 'to'>): string {
  return `${dateJa(slot.date)} ${slot.from}〜${slot.to}`;
}
