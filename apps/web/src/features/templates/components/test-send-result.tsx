import { TEMPLATE_TEXT } from '@tsunagu/contracts';
import { useEffect, useRef } from 'react';
import { errorText } from '@/lib/api-error';
import { LineErrorDetails } from '@/ui/line-error-details';
import { Loading } from '@/ui/loading';
import { useToast } from '@/ui/toast';
import { useTestSendResult } from '../api/templates-api';

/**
 * What became of a test send, asked until LINE has answered (decision 0185): sent closes the
 * dialog with 「テスト送信しました」; a refusal stays, with LINE's reason and its details in
 * Japanese; waiting says why (a paused channel, the month's quota) while it waits.
 */
export function TestSendResult({
  pushId,
  onClose,
  resultsPath,
}: {
  pushId: number;
  onClose: () => void;
  resultsPath?: string | undefined;
}) {
  const result = useTestSendResult(pushId, resultsPath);
  const toast = useToast();
  const state = result.data?.state;
  const announced = useRef(false);

  useEffect(() => {
    if (state !== 'sent' || announced.current) return;
    announced.current = true;
    toast.success(TEMPLATE_TEXT.testSent);
    onClose();
  }, [state, toast, onClose]);

  let body;
  if (result.isError)
    body = (
      <p className="notice notice--error" role="alert">
        {errorText(result.error)}
      </p>
    );
  else if (!result.data || state === 'sent') body = <Loading />;
  else if (state === 'queued' || state === 'sending')
    body = (
      <div className="test-send__waiting" role="status">
        <p>{TEMPLATE_TEXT.testSendWaiting}</p>
        {result.data.reason ? <p className="text-muted">{result.data.reason}</p> : null}
      </div>
    );
  else
    body = (
      <div className="notice notice--error" role="alert">
        <p>
          {state === 'skipped' || state === 'withdrawn'
            ? TEMPLATE_TEXT.testSendSkipped
            : TEMPLATE_TEXT.testSendFailed}
        </p>
        <p>{result.data.reason}</p>
        <LineErrorDetails details={result.data.details} />
      </div>
    );

  return (
    <div className="test-send">
      {body}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          閉じる
        </button>
      </div>
    </div>
  );
}
