import {
  fieldErrorsFromIssues,
  openingConfigInputSchema,
  todayInTokyo,
  type FieldErrors,
  type OpeningConfig,
} from '@tsunagu/contracts';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { Loading } from '@/ui/loading';
import { useToast } from '@/ui/toast';
import { useOpening } from '../../api/get-opening';
import { fieldErrorsOf, writeErrorText } from '../../utils/write-errors';
import { useSaveOpening } from '../api/config-writes';
import { DayDialog } from '../opening/day-dialog';
import { useHolidays } from '../opening/holidays';
import { dateLabel, toDraft, withDate, withWeekday } from '../opening/opening-model';
import { WeekdayHours } from '../opening/weekday-hours';
import { YearCalendar } from '../opening/year-calendar';

const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

/** RSV-14: the year on screen lives in the URL (`?y=`), so changing it asks when unsaved. */
function useOpeningYear(): [number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('y'));
  const year =
    Number.isInteger(asked) && asked >= MIN_YEAR && asked <= MAX_YEAR
      ? asked
      : Number(todayInTokyo().slice(0, 4));
  const setYear = (next: number) =>
    setParams((current) => {
      const search = new URLSearchParams(current);
      search.set('y', String(next));
      return search;
    });
  return [year, setYear];
}

/** The opening config of one year: weekday hours and per-date entries, saved as one PUT. */
export function OpeningSection({ salonId, canWrite }: { salonId: number; canWrite: boolean }) {
  const [year, setYear] = useOpeningYear();
  const opening = useOpening(salonId, year);
  return (
    <div className="settings-stack">
      <div className="opening-yearnav" role="group" aria-label="表示する年">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={year <= MIN_YEAR}
          onClick={() => setYear(year - 1)}
        >
          ← {year - 1}年
        </button>
        <h2 className="opening-yearnav__year">{year}年の営業時間</h2>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={year >= MAX_YEAR}
          onClick={() => setYear(year + 1)}
        >
          {year + 1}年 →
        </button>
      </div>
      {opening.isPending ? (
        <Loading />
      ) : !opening.data ? (
        <p className="notice notice--error">
          営業時間を読み込めませんでした。再読み込みしてください。
        </p>
      ) : (
        <OpeningEditor key={year} salonId={salonId} canWrite={canWrite} saved={opening.data} />
      )}
    </div>
  );
}

function OpeningEditor(props: { salonId: number; canWrite: boolean; saved: OpeningConfig }) {
  const { salonId, canWrite, saved } = props;
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [picked, setPicked] = useState<string | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const holidays = useHolidays();
  const save = useSaveOpening(salonId);
  const toast = useToast();
  const { dirty } = useUnsavedChanges(draft, toDraft(saved));
  const errors = { ...fieldErrorsOf(save.error), ...clientErrors };
  const dateErrors = Object.entries(errors).filter(([key]) => key.startsWith('dates.'));
  const closedDays = Object.values(draft.dates).filter((day) => !day.is_open).length;
  const specialDays = Object.values(draft.dates).length - closedDays;
  const pick = useCallback((date: string) => setPicked(date), []);

  const submit = () => {
    const parsed = openingConfigInputSchema.safeParse({ year: saved.year, ...draft });
    if (!parsed.success) {
      setClientErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setClientErrors({});
    save.mutate(parsed.data, {
      onSuccess: (stored) => {
        setDraft(savedUnlessEdited(draft, toDraft(stored)));
        toast.success(`${saved.year}年の営業時間を保存しました`);
      },
      onError: (error) => {
        if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(writeErrorText(error));
      },
    });
  };

  return (
    <>
      {!saved.is_saved ? (
        <p className="notice notice--info">
          {saved.year}年の営業時間はまだ保存されていません。下の内容は初期値です。
        </p>
      ) : null}
      <section className="settings-card" aria-labelledby="weekday-heading">
        <h3 className="settings-card__title" id="weekday-heading">
          曜日ごとの営業時間
        </h3>
        <WeekdayHours
          weekdays={draft.weekdays}
          errors={errors}
          canWrite={canWrite}
          onChange={(index, day) => setDraft((current) => withWeekday(current, index, day))}
        />
      </section>
      <section className="settings-card" aria-labelledby="calendar-heading">
        <h3 className="settings-card__title" id="calendar-heading">
          日付ごとの休業日・特別営業
        </h3>
        <p className="text-muted">
          {canWrite
            ? '日付を押すと、その日だけ休業日にしたり営業時間を変えたりできます。'
            : '休業日と特別営業の日が印で示されています。'}
          休業日 {closedDays}日・特別営業 {specialDays}日
        </p>
        <ul className="opening-legend" aria-label="凡例">
          <li>
            <span className="opening-day opening-day--closed opening-day--off">1</span>休業日
          </li>
          <li>
            <span className="opening-day opening-day--special">1</span>特別営業
          </li>
          <li>
            <span className="opening-day opening-day--weekday opening-day--off">1</span>定休日
          </li>
          <li>
            <span className="opening-day opening-day--weekday opening-day--sun">1</span>日曜・祝日
          </li>
        </ul>
        {dateErrors.length > 0 ? (
          <ul className="notice notice--error">
            {dateErrors.map(([key, messages]) => (
              <li key={key}>
                {dateLabel(key.split('.')[1] ?? '')}：{messages?.join('、')}
              </li>
            ))}
          </ul>
        ) : null}
        <YearCalendar
          year={saved.year}
          draft={draft}
          holidays={holidays}
          onPick={canWrite ? pick : undefined}
        />
      </section>
      {canWrite ? (
        <div className="form__actions settings-sticky-actions">
          {dirty ? <span className="text-muted">保存していない変更があります</span> : null}
          <button
            type="button"
            className="btn btn--primary"
            disabled={save.isPending || !dirty}
            onClick={submit}
          >
            {save.isPending ? '保存中...' : '営業時間を保存'}
          </button>
        </div>
      ) : null}
      {picked ? (
        <DayDialog
          date={picked}
          draft={draft}
          holiday={holidays[picked]}
          onClose={() => setPicked(null)}
          onApply={(day) => {
            setDraft((current) => withDate(current, picked, day));
            setPicked(null);
          }}
        />
      ) : null}
    </>
  );
}
