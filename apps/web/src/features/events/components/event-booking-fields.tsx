import { EVENT_LIMITS } from '@tsunagu/contracts';
import { FieldError } from '@/ui/field-error';
import type { EventFieldsProps } from './event-values';

/** 受付とキャンセル待ち: the booking close hour and the waitlist's rules. */
export function EventBookingFields({ values, set, errors }: EventFieldsProps) {
  return (
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
  );
}
