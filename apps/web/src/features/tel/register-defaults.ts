import { addDaysToDateValue, TEL_PARAM_KEYS, todayInTokyo } from '@tsunagu/contracts';
import type { TelRegisterValues } from './register-values';

/** TEL-45: the template the sample uses (ご来店リマインド in the demo data). */
export const SAMPLE_TEMPLATE_ID = 5;

function tomorrowInTokyo(now: Date): { iso: string; month: number; day: number } {
  const iso = addDaysToDateValue(todayInTokyo(now), 1);
  const [, month = 1, day = 1] = iso.split('-').map(Number);
  return { iso, month, day };
}

/** TEL-45: a filled-in example the operator edits: tomorrow 10:00, template 5. */
export function sampleRegisterValues(now: Date = new Date()): TelRegisterValues {
  const { iso, month, day } = tomorrowInTokyo(now);
  const params = Object.fromEntries(
    TEL_PARAM_KEYS.map((key) => [key, '']),
  ) as TelRegisterValues['params'];
  Object.assign(params, {
    param_1: '山田 花子',
    param_2: 'サロン青山',
    param_3: `${month}月${day}日 10:00`,
    param_4: 'カット＋カラー',
  });
  return {
    tel: '090-1234-5678',
    date: iso,
    time: '10:00',
    template_id: SAMPLE_TEMPLATE_ID,
    params,
  };
}
