import type { BookingSlots } from '@tsunagu/contracts';
import { useEffect, useState } from 'react';
import { BookingApiError, type BookingApi, type FreeSlot } from '../api/booking-api';
import { addDays, formatDateJa, todayInTokyo, weekdayOf } from '../lib/dates';

/**
 * Free start times from the availability engine, a week at a time (Tokyo dates, 11月24日(火)),
 * never further than the salon books ahead. Used for a new booking and for a change request.
 */
export function SlotPicker(props: {
  api: BookingApi;
  courseId: number;
  resourceId: number | null;
  daysAhead: number;
  onPick: (slot: FreeSlot) => void;
  selected?: FreeSlot | null;
}) {
  const { api, courseId, resourceId, daysAhead, onPick, selected } = props;
  const today = todayInTokyo();
  const last = addDays(today, daysAhead);
  const [from, setFrom] = useState(today);
  const [days, setDays] = useState<BookingSlots['days'] | null>(null);
  const [error, setError] = useState('');
  const to = addDays(from, 6) < last ? addDays(from, 6) : last;

  useEffect(() => {
    let live = true;
    setDays(null);
    setError('');
    api
      .slots(courseId, resourceId, from, to)
      .then((answer) => live && setDays(answer.days))
      .catch((failure: unknown) => {
        if (live)
          setError(
            failure instanceof BookingApiError ? failure.message : '空き枠を読み込めませんでした',
          );
      });
    return () => {
      live = false;
    };
  }, [api, courseId, resourceId, from, to]);

  const open = days?.filter((day) => day.slots.length > 0) ?? [];
  return (
    <div className="bk-slots">
      <div className="bk-week">
        <button
          type="button"
          className="bk-btn"
          disabled={from <= today}
          onClick={() => setFrom(addDays(from, -7) < today ? today : addDays(from, -7))}
        >
          ‹ 前の週
        </button>
        <p className="bk-week__range" aria-live="polite">
          <span>{formatDateJa(from)}〜</span>
          <span>{formatDateJa(to)}</span>
        </p>
        <button
          type="button"
          className="bk-btn"
          disabled={addDays(from, 7) > last}
          onClick={() => setFrom(addDays(from, 7))}
        >
          次の週 ›
        </button>
      </div>
      {error ? (
        <p className="bk-alert" role="alert">
          {error}
        </p>
      ) : days === null ? (
        <p className="bk-muted" role="status">
          空き枠を確認しています...
        </p>
      ) : open.length === 0 ? (
        <p className="bk-muted">この週は空きがありません。次の週をご覧ください。</p>
      ) : (
        open.map((day) => (
          <section key={day.date} className="bk-day" aria-label={formatDateJa(day.date)}>
            <h3 className={`bk-day__date bk-day__date--w${weekdayOf(day.date)}`}>
              {formatDateJa(day.date)}
            </h3>
            <div className="bk-day__times">
              {day.slots.map((slot) => {
                const chosen = selected?.date === day.date && selected.from === slot.from;
                return (
                  <button
                    key={slot.from}
                    type="button"
                    className="bk-time"
                    aria-pressed={chosen}
                    aria-label={`${formatDateJa(day.date)} ${slot.from}`}
                    onClick={() => onPick({ date: day.date, from: slot.from, to: slot.to })}
                  >
                    {slot.from}
                  </button>
                );
              })}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
