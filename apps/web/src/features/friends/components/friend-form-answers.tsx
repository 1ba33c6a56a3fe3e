import { errorText } from '@/lib/api-error';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { Loading } from '@/ui/loading';
import { useFriendFormAnswers } from '../api/friend-detail';

/** What the friend answered on forms, newest first, as it was asked and answered (decision 0150). */
export function FriendFormAnswers({ friendId }: { friendId: number }) {
  const answers = useFriendFormAnswers(friendId);
  if (answers.isPending) return <Loading />;
  if (answers.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(answers.error)}
      </p>
    );
  if (answers.data.length === 0) return <p className="text-muted">フォームの回答はありません</p>;
  return (
    <ul className="friend-form-answers">
      {answers.data.map((submission) => (
        <li key={submission.id}>
          <p className="friend-form-answers__head">
            <strong>{submission.form_name}</strong>{' '}
            <span className="text-muted">{formatTokyoDateTime(submission.answered_at)}</span>
          </p>
          <dl>
            {submission.answers.map((answer) => (
              <div key={answer.question}>
                <dt>{answer.question}</dt>
                <dd>{answer.answer || '—'}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
