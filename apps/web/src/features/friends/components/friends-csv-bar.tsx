import { FRIENDS_CSV_TEXT, type FriendsCsvEncoding } from '@tsunagu/contracts';
import { useId, useRef, useState } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { useToast } from '@/ui/toast';
import { useImportFriendsCsv } from '../api/friends-csv';
import { friendFilterQuery, type FriendFilter } from '../api/get-friends';

const ENCODINGS: { value: FriendsCsvEncoding; name: string }[] = [
  { value: 'utf-8', name: 'UTF-8（BOMつき）' },
  { value: 'cp932', name: 'Shift_JIS（CP932）' },
];

/**
 * The friends list's CSV (decision 0160): download the list as filtered, in the encoding the
 * operator's Excel wants; with tag-write, import friend information from a CSV — the reasons of
 * a refused file listed with their lines.
 */
export function FriendsCsvBar({ filter, canImport }: { filter: FriendFilter; canImport: boolean }) {
  const [encoding, setEncoding] = useState<FriendsCsvEncoding>('utf-8');
  const importCsv = useImportFriendsCsv();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const ids = { encoding: useId(), file: useId() };
  const query = friendFilterQuery(filter);
  query.set('encoding', encoding);
  const reasons = isApiError(importCsv.error) ? (importCsv.error.fieldErrors.file ?? []) : [];

  return (
    <section className="friends-csv" aria-label="CSV">
      <div className="friends-csv__row">
        <label htmlFor={ids.encoding}>文字コード</label>
        <select
          id={ids.encoding}
          value={encoding}
          onChange={(event) => setEncoding(event.target.value as FriendsCsvEncoding)}
        >
          {ENCODINGS.map((each) => (
            <option key={each.value} value={each.value}>
              {each.name}
            </option>
          ))}
        </select>
        <a className="btn" href={`/api/line/friends_csv?${query}`} download>
          CSVをダウンロード
        </a>
        {canImport ? (
          <>
            <input
              ref={input}
              id={ids.file}
              type="file"
              accept=".csv,text/csv"
              aria-label="友だち情報をCSVから取り込む"
              className="visually-hidden"
              tabIndex={-1}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                importCsv.mutate(file, {
                  onSuccess: (result) => toast.success(FRIENDS_CSV_TEXT.imported(result.friends)),
                });
              }}
            />
            <button
              type="button"
              className="btn"
              disabled={importCsv.isPending}
              onClick={() => input.current?.click()}
            >
              友だち情報をCSVから取り込む
            </button>
          </>
        ) : null}
      </div>
      {encoding === 'cp932' ? (
        <p className="text-muted friends-csv__note">{FRIENDS_CSV_TEXT.cp932Note}</p>
      ) : null}
      {importCsv.isError ? (
        <div className="notice notice--error" role="alert">
          <p>{errorText(importCsv.error)}</p>
          {reasons.length > 0 ? (
            <ul aria-label="取り込めなかった理由">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
