import type { RichMenu } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { useToast } from '@/ui/toast';
import { useSetRichMenuSchedule } from '../api/rich-menus-api';
import { isoOfTokyoInput, tokyoInputOf } from '../lib/schedule-time';

/**
 * 表示期間 (decision 0300): when the published menu is shown, in Tokyo time; outside it friends
 * fall to the next rule (another tag menu, the default). Switched within a minute of the time.
 */
export function ScheduleSection({ menu, canWrite }: { menu: RichMenu; canWrite: boolean }) {
  const [from, setFrom] = useState(tokyoInputOf(menu.show_from));
  const [until, setUntil] = useState(tokyoInputOf(menu.show_until));
  const save = useSetRichMenuSchedule();
  const toast = useToast();
  const errors = save.error && isApiError(save.error) ? save.error.fieldErrors : {};
  const submit = async () => {
    try {
      await save.mutateAsync({
        id: menu.id,
        show_from: from ? isoOfTokyoInput(from) : null,
        show_until: until ? isoOfTokyoInput(until) : null,
      });
      toast.success('表示期間を保存しました');
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <section className="rm-section" aria-labelledby="rm-schedule-title">
      <h2 id="rm-schedule-title">表示期間</h2>
      <p className="text-muted">
        空欄は期限なし。期間外は次のルール（ほかのタグのメニュー、デフォルト）が表示されます（日本時間、1分ほどで切り替わります）。
      </p>
      <fieldset className="rm-row" disabled={!canWrite}>
        <label className="field">
          <span className="field__label">表示開始</span>
          <input
            type="datetime-local"
            value={from}
            aria-invalid={errors.show_from !== undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">表示終了</span>
          <input
            type="datetime-local"
            value={until}
            aria-invalid={errors.show_until !== undefined}
            onChange={(event) => setUntil(event.target.value)}
          />
        </label>
      </fieldset>
      {errors.show_from ? <p className="field__error">{errors.show_from[0]}</p> : null}
      {errors.show_until ? <p className="field__error">{errors.show_until[0]}</p> : null}
      {canWrite ? (
        <button
          type="button"
          className="btn"
          disabled={save.isPending}
          onClick={() => void submit()}
        >
          表示期間を保存
        </button>
      ) : null}
    </section>
  );
}
