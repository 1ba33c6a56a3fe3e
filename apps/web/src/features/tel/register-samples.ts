import { TEL_PARAM_KEYS } from '@tsunagu/contracts';
import { sameValues } from '@/ui/leave-guard';
import type { TelRegisterValues } from './register-values';

export type SampleField = keyof Omit<TelRegisterValues, 'params'> | `params.${string}`;

const LABELS: Record<string, string> = {
  tel: '電話番号',
  date: '送信日',
  time: '送信時刻',
  template_id: 'テンプレート',
};

function valueOf(values: TelRegisterValues, field: SampleField): unknown {
  if (field.startsWith('params.')) {
    return values.params[field.slice('params.'.length) as keyof TelRegisterValues['params']];
  }
  return values[field as keyof Omit<TelRegisterValues, 'params'>];
}

export function sampleFieldLabel(field: SampleField): string {
  return LABELS[field] ?? field.slice('params.'.length);
}

/**
 * TEL-45's sample values still in the form: the fields that started filled in (the sample) and
 * hold the same value now. Empty parameters are not samples.
 */
export function unchangedSamples(values: TelRegisterValues, sample: TelRegisterValues) {
  const fields: SampleField[] = [
    'tel',
    'date',
    'time',
    'template_id',
    ...TEL_PARAM_KEYS.map((key) => `params.${key}` as const),
  ];
  return new Set(
    fields.filter((field) => {
      const start = valueOf(sample, field);
      return start !== '' && start !== null && sameValues(valueOf(values, field), start);
    }),
  );
}

export const SAMPLE_TEXT = {
  tag: '見本',
  notice:
    '入力欄には見本の値が入っています（「見本」の印）。送信先の電話番号と差し込みデータを、実際の値に書き換えてから登録してください。',
  confirmTitle: '見本の値のまま登録しますか？',
  confirmMessage: (labels: readonly string[], telIsSample: boolean) =>
    `次の項目が見本の値のままです：${labels.join('、')}。` +
    (telIsSample ? 'このまま登録すると、見本の電話番号あてにメッセージが作成されます。' : ''),
  confirm: '見本のまま登録する',
  back: '入力に戻る',
} as const;
