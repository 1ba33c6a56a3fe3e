import { TEL_PARAM_KEYS } from '@tsunagu/contracts';
import type { TelRegisterValues } from './components/register-form';

/** TEL-45: the template the sample uses (ご来店リマインド in the demo data). */
export const SAMPLE_TEMPLATE_ID = 5;

function tomorrowInTokyo(now: Date): { iso: string; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(now.getTime() + 24 * 60 * 60 * 1000));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  const iso = `${part('year')}-${part('month')}-${part('day')}`;
  return { iso, month: Number(part('month')), day: Number(part('day')) };
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
