import { phoneSearchDigits, type TelMessage } from '@tsunagu/contracts';
import { useId } from 'react';
import { TextBox } from '@/ui/text-field';

/** The messages whose number holds the typed digits (hyphens and full-width digits allowed). */
export function filterByPhone(
  messages: readonly TelMessage[],
  typed: string,
): readonly TelMessage[] {
  const digits = phoneSearchDigits(typed);
  return digits === '' ? messages : messages.filter((message) => message.tel.includes(digits));
}

type Props = { value: string; onChange: (value: string) => void; shown: number; total: number };

/** A search by phone number over the order's messages (issue 10), with how many it finds. */
export function PhoneSearch({ value, onChange, shown, total }: Props) {
  const id = useId();
  const searching = phoneSearchDigits(value) !== '';
  return (
    <div className="tel-search" role="search">
      <label htmlFor={id}>電話番号で検索</label>
      <TextBox
        id={id}
        type="search"
        inputMode="tel"
        value={value}
        onChange={onChange}
        showCounter={false}
        maxLength={40}
        placeholder="例：090-1234"
      />
      {searching ? (
        <span aria-live="polite">
          {total.toLocaleString('ja-JP')}件中{shown.toLocaleString('ja-JP')}件
        </span>
      ) : null}
    </div>
  );
}
