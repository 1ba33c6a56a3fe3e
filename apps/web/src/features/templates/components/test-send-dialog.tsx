import { FRIEND_TEXT } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import { Loading } from '@/ui/loading';
import { useFollowingFriends, useTestSend, type TestSender } from '../api/templates-api';
import { TestSendResult } from './test-send-result';

type TestSendDialogProps = {
  template: { id: number; name: string } | null;
  onClose: () => void;
  /** Another feature's test send (お知らせ): how it is queued and where its result is read. */
  sender?: { send: TestSender; resultsPath: string };
};

/**
 * テスト送信 (decision 0162): find a following friend by name, pick one, send the saved
 * template to them (rendered with their values). The server's 422 (a blocked friend, one that
 * is gone) is shown in the dialog; once queued, the dialog follows the send until LINE answers
 * and shows its refusal, if any (decision 0185).
 */
export function TestSendDialog({ template, onClose, sender }: TestSendDialogProps) {
  return (
    <Dialog open={template !== null} title="テスト送信" onClose={onClose} width={520}>
      {template ? <TestSendBody template={template} onClose={onClose} sender={sender} /> : null}
    </Dialog>
  );
}

function TestSendBody(props: {
  template: { id: number; name: string };
  onClose: () => void;
  sender: TestSendDialogProps['sender'];
}) {
  const [pushId, setPushId] = useState<number | null>(null);
  if (pushId !== null)
    return (
      <TestSendResult
        pushId={pushId}
        onClose={props.onClose}
        resultsPath={props.sender?.resultsPath}
      />
    );
  return <TestSendForm {...props} onQueued={setPushId} />;
}

function TestSendForm(props: {
  template: { id: number; name: string };
  onClose: () => void;
  onQueued: (pushId: number) => void;
  sender: TestSendDialogProps['sender'];
}) {
  const { template, onClose, onQueued } = props;
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [friendId, setFriendId] = useState<number | null>(null);
  const friends = useFollowingFriends(q, true);
  const send = useTestSend(props.sender?.send);
  const searchId = useId();
  const listId = useId();
  const errorId = useId();
  const fieldErrors = isApiError(send.error) ? send.error.fieldErrors : {};
  const friendError = fieldErrors.friend_id;
  const otherError = send.error && !friendError ? errorText(send.error) : null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    // React carries a portal's events to its React parents: never to a form around the opener.
    event.stopPropagation();
    setQ(typed.trim());
    setFriendId(null);
    send.reset();
  };
  const submit = () => {
    if (friendId === null) return;
    send.mutate({ id: template.id, friendId }, { onSuccess: (queued) => onQueued(queued.push_id) });
  };

  return (
    <div className="test-send">
      <p className="test-send__lead">
        「{template.name}」を友だち一人に送ります。差し込みはその友だちの値になります。
      </p>
      <form className="test-send__search" role="search" onSubmit={search}>
        <label htmlFor={searchId}>友だちの名前</label>
        <div className="test-send__search-row">
          <input
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="btn">
            検索
          </button>
        </div>
      </form>
      {friends.isPending ? (
        <Loading />
      ) : friends.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(friends.error)}
        </p>
      ) : friends.data.items.length === 0 ? (
        <p className="text-muted">友だち（ブロック中を除く）が見つかりません</p>
      ) : (
        <fieldset
          className="test-send__friends"
          aria-describedby={friendError ? errorId : undefined}
        >
          <legend id={listId}>送る相手</legend>
          {friends.data.items.map((friend) => (
            <label key={friend.id} className="test-send__friend">
              <input
                type="radio"
                name="friend"
                checked={friendId === friend.id}
                onChange={() => {
                  setFriendId(friend.id);
                  send.reset();
                }}
              />
              {friend.icon_url ? (
                <img className="test-send__icon" src={friend.icon_url} alt="" />
              ) : (
                <span className="test-send__icon" aria-hidden="true" />
              )}
              <span>{friend.display_name || FRIEND_TEXT.nameUnknown}</span>
            </label>
          ))}
          {friends.data.total > friends.data.items.length ? (
            <p className="text-muted">
              {friends.data.total.toLocaleString('ja-JP')}人中、先頭の
              {friends.data.items.length}人です。名前で絞り込んでください。
            </p>
          ) : null}
        </fieldset>
      )}
      <FieldError id={errorId} messages={friendError} />
      {otherError ? (
        <p className="notice notice--error" role="alert">
          {otherError}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          キャンセル
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={friendId === null || send.isPending}
          onClick={submit}
        >
          {send.isPending ? '送信中...' : '送信'}
        </button>
      </div>
    </div>
  );
}
