import { PERMISSION_LABELS } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { telPaths } from '../paths';
import { TelPage } from './tel-page';

/** DEC-09: why the write controls are missing, in the words of the role screen. */
export const TEL_READ_ONLY_TEXT = `閲覧のみです。通知メッセージの登録・発注・キャンセルには「${PERMISSION_LABELS['tel-write']}」の権限が必要です。`;

export function TelReadOnlyNotice() {
  return (
    <p className="notice notice--info" data-testid="tel-read-only">
      {TEL_READ_ONLY_TEXT}
    </p>
  );
}

/** A write screen (a form and nothing else) opened without tel-write: the note and a way back. */
export function TelReadOnlyPage({ title, back = telPaths.list }: { title: string; back?: string }) {
  return (
    <TelPage title={title} trail={[]}>
      <TelReadOnlyNotice />
      <p>
        <Link to={back}>一覧に戻る</Link>
      </p>
    </TelPage>
  );
}
