import {
  TEL_LIMITS,
  TEL_MESSAGES,
  TEL_SAMPLE_CSV_PATH,
  TEL_TEXT,
  telNonMobileWarning,
  telOrderWarningLines,
  type TelUploadResponse,
} from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { UploadProgress } from '@/lib/api-upload';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useUploadTelFile } from '../api/upload-file';
import { TelReadOnlyNotice } from '../components/read-only-notice';
import { TelPage } from '../components/tel-page';
import { UploadErrors } from '../components/upload-errors';
import { UploadProgressBar } from '../components/upload-progress';
import { storeTelFlash } from '../flash';
import { telPaths } from '../paths';

const NOTHING_CHOSEN = { file: null, description: '' };

/**
 * The upload result's lines under 登録しました: restored phone numbers, numbers LINE cannot
 * reach, then what ordering will do.
 */
export function uploadResultDetail(result: TelUploadResponse): string | undefined {
  const corrected = result.corrected_phone_count;
  const nonMobile = telNonMobileWarning(result);
  const lines = [
    ...(corrected > 0
      ? [`先頭の0が抜けていた電話番号${corrected.toLocaleString('ja-JP')}件を補いました`]
      : []),
    ...(nonMobile ? [nonMobile] : []),
    ...telOrderWarningLines(result),
  ];
  return lines.length > 0 ? lines.join('\n') : undefined;
}

// TEL-55: Enter in the memo neither uploads nor navigates.
const ignoreEnter = () => {};

/** TelBulkUploadPage (TEL-50..62). Without `canSend` (DEC-09) the form gives way to a note. */
export function TelUploadPage({ title, canSend }: { title: string; canSend: boolean }) {
  if (!canSend) {
    return (
      <TelPage title={title} trail={[]} className="tel-upload">
        <TelReadOnlyNotice />
        <p>
          <a href={TEL_SAMPLE_CSV_PATH} download>
            サンプルフォーマット（CSV）をダウンロード
          </a>
        </p>
        <nav className="tel-bottom-bar" aria-label="ページ下部">
          <Link className="btn" to={telPaths.list}>
            一覧に戻る
          </Link>
        </nav>
      </TelPage>
    );
  }
  return <UploadScreen title={title} />;
}

function UploadScreen({ title }: { title: string }) {
  const upload = useUploadTelFile();
  const toast = useToast();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const id = useId();
  // REF-17: a chosen file or a typed memo asks before leaving.
  const { release } = useUnsavedChanges({ file, description }, NOTHING_CHOSEN);

  // TEL-57: neither the file nor the memo is required here; the server says what is missing.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    setProgress(null);
    upload.mutate(
      { file, description, onProgress: setProgress },
      {
        onSuccess: (result) => {
          release();
          // TEL-59/60
          storeTelFlash(TEL_MESSAGES.registered, result.id, uploadResultDetail(result));
          navigate(telPaths.list);
        },
        onError: () => toast.error(TEL_MESSAGES.uploadFailed),
      },
    );
  };

  return (
    <TelPage title={title} trail={[]} className="tel-upload">
      <form className="form form--wide" onSubmit={submit} noValidate>
        <p>
          {/* TEL-51/52: Shift-JIS, as Excel opens and saves it. */}
          <a href={TEL_SAMPLE_CSV_PATH} download>
            サンプルフォーマット（CSV）をダウンロード
          </a>
        </p>
        <div className="field">
          <label htmlFor={`${id}-file`}>ファイル</label>
          <input
            id={`${id}-file`}
            name="file"
            type="file"
            accept=".csv,text/csv"
            disabled={upload.isPending}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <p className="field__hint">
            CSV（Shift_JIS または UTF-8）、{TEL_LIMITS.uploadBytes / 1024 / 1024}MB・
            {TEL_LIMITS.uploadRows.toLocaleString('ja-JP')}行まで
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>内容メモ（任意）</label>
          <TextBox
            id={`${id}-description`}
            name="description"
            value={description}
            placeholder={TEL_TEXT.memoPlaceholder}
            maxLength={TEL_LIMITS.descriptionChars}
            disabled={upload.isPending}
            onChange={setDescription}
            onEnter={ignoreEnter}
          />
        </div>
        {upload.isPending ? <UploadProgressBar progress={progress} /> : null}
        {upload.isError ? <UploadErrors error={upload.error} /> : null}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={upload.isPending}>
            アップロード
          </button>
        </div>
      </form>
      {/* TEL-58 */}
      <nav className="tel-bottom-bar" aria-label="ページ下部">
        <Link className="btn" to={telPaths.list}>
          一覧に戻る
        </Link>
      </nav>
    </TelPage>
  );
}
