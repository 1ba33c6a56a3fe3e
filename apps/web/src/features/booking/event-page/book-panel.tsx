import type { MemberIdentity, PublicEvent, PublicEventSlot } from '@tsunagu/contracts';
import { useId, useState } from 'react';
import type { MemberSessionState } from '../api/use-member-session';
import { SignIn } from '../components/sign-in';
import { slotLabel } from '@/lib/tokyo-wall-clock';
import type { Answers } from './event-booking-api';
import { isUnanswered, QuestionFields } from './question-fields';

/**
 * The one screen between picking a date and the booking: the date again, the organiser's
 * questions, the sign-in if the friend has none yet, and 「予約する」 (or 「キャンセル待ちに
 * 登録する」) — so a signed-in friend books in two taps (issue 27 asks ≤ 3).
 */
export function BookPanel(props: {
  event: PublicEvent;
  slot: PublicEventSlot;
  waitlist: boolean;
  identity: MemberIdentity;
  member: MemberSessionState;
  busy: boolean;
  error: string;
  onBook: (answers: Answers) => void;
  onBack: () => void;
}) {
  const id = useId();
  const { event, slot } = props;
  const [answers, setAnswers] = useState<Answers>({});
  const [missing, setMissing] = useState<number[]>([]);
  const submit = () => {
    const empty = event.questions.flatMap((q) =>
      q.required && isUnanswered(answers[String(q.var_id)]) ? [q.var_id] : [],
    );
    setMissing(empty);
    if (empty.length === 0) props.onBook(answers);
  };
  return (
    <section className="bk-card ev-book" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ev-book__title">
        {props.waitlist ? 'キャンセル待ちに登録' : '予約の確認'}
      </h2>
      <p className="ev-book__when">{slotLabel(slot.starts_at, slot.ends_at)}</p>
      {props.waitlist ? (
        <p className="bk-muted">
          満席です。空きが出たら順番にLINEでお知らせします。案内から時間内に参加を確定してください。
        </p>
      ) : null}
      <QuestionFields
        idPrefix={id}
        questions={event.questions}
        answers={answers}
        missing={missing}
        onChange={setAnswers}
      />
      {props.member.session ? (
        <div className="bk-actions">
          <button type="button" className="bk-btn" onClick={props.onBack}>
            戻る
          </button>
          <button
            type="button"
            className="bk-btn bk-btn--primary"
            disabled={props.busy}
            onClick={submit}
          >
            {props.waitlist ? 'キャンセル待ちに登録する' : '予約を確定する'}
          </button>
        </div>
      ) : (
        <>
          <SignIn
            identity={props.identity}
            state={props.member}
            lead="予約にはLINEでのログインが必要です"
          />
          <button type="button" className="bk-btn bk-btn--wide" onClick={props.onBack}>
            戻る
          </button>
        </>
      )}
      {props.error ? (
        <p className="bk-alert" role="alert">
          {props.error}
        </p>
      ) : null}
    </section>
  );
}
