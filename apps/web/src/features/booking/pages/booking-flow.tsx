import type { BookingPage } from '@tsunagu/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { BookingApiError, type BookingApi, type BookingResult } from '../api/booking-api';
import { AnswersForm } from '../components/answers-form';
import { CourseStep, StaffStep } from '../components/choice-steps';
import { ConfirmStep, type Draft } from '../components/confirm-step';
import { ResultStep } from '../components/result-step';
import { SlotPicker } from '../components/slot-picker';

export type Step = 'course' | 'staff' | 'slot' | 'answers' | 'confirm' | 'result';
const TITLES: Record<Step, string> = {
  course: 'コースを選ぶ',
  staff: '担当者を選ぶ',
  slot: '日時を選ぶ',
  answers: 'お客様情報',
  confirm: '予約内容の確認',
  result: '予約の受付',
};

type Kept = { history: Step[]; draft: Partial<Draft> };
/** The steps so far, kept for the trip to LINE Login and back (decision 0272). */
const KEPT = `bk-draft:${typeof location === 'undefined' ? '' : location.pathname}`;
function restored(): Kept | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT) ?? 'null') as Kept | null;
    return kept && Array.isArray(kept.history) ? kept : null;
  } catch {
    return null;
  }
}

/**
 * コース → 担当者（指名なし）→ 日時 → お客様情報 → 確認 → 結果. Each step keeps what was chosen
 * before it, so 戻る never loses an answer. Browsing needs no session; the confirm step asks for
 * one (`signIn`, decision 0272).
 */
export function BookingFlow(props: {
  api: BookingApi;
  page: BookingPage;
  onBooked: () => void;
  onShowMine: () => void;
  onStep: (step: Step) => void;
  /** Shown at the confirm step instead of its button while the customer is not signed in. */
  signIn: ReactNode | null;
}) {
  const { api, page, onStep } = props;
  const [kept] = useState(restored);
  const [history, setHistory] = useState<Step[]>(kept?.history ?? ['course']);
  const [draft, setDraft] = useState<Partial<Draft>>(kept?.draft ?? { answers: {}, comment: '' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<BookingApiError | null>(null);
  const [result, setResult] = useState<BookingResult | null>(null);
  const step = history[history.length - 1]!;
  useEffect(() => {
    onStep(step);
    try {
      if (step === 'result') sessionStorage.removeItem(KEPT);
      else sessionStorage.setItem(KEPT, JSON.stringify({ history, draft }));
    } catch {
      // Private mode without storage: the steps are simply not kept.
    }
  }, [step, history, draft, onStep]);
  const go = (next: Step) => setHistory([...history, next]);
  const steps = (Object.keys(TITLES) as Step[]).filter(
    (s) => s !== 'answers' || page.customer_info.length > 0,
  );
  const afterSlot: Step = page.customer_info.length > 0 ? 'answers' : 'confirm';

  const confirm = (slot = draft.slot) => {
    const full = { ...draft, slot } as Draft;
    setBusy(true);
    setFailure(null);
    api
      .book({
        course_id: full.course.id,
        resource_id: full.staff?.id ?? null,
        date: full.slot.date,
        from: full.slot.from,
        comment: full.comment,
        answers: full.answers,
      })
      .then((booked) => {
        setResult(booked);
        setHistory(['result']);
        props.onBooked();
      })
      .catch((error: unknown) => {
        const known =
          error instanceof BookingApiError ? error : new BookingApiError(0, '予約できませんでした');
        // The server refused an answer: back to the questions, its message under the question.
        if (known.status === 422 && Object.keys(known.errors).some((k) => k.startsWith('answers.')))
          setHistory([...history.filter((s) => s !== 'confirm')]);
        setFailure(known);
      })
      .finally(() => setBusy(false));
  };

  return (
    <section className="bk-card" aria-labelledby="bk-step-title">
      {step !== 'result' ? (
        <ol className="bk-progress" aria-label="予約の手順">
          {steps.slice(0, -1).map((s, index) => (
            <li key={s} aria-current={s === step ? 'step' : undefined}>
              {index + 1}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="bk-step-head">
        {history.length > 1 && step !== 'result' ? (
          <button
            type="button"
            className="bk-back"
            onClick={() => setHistory(history.slice(0, -1))}
          >
            ‹ 戻る
          </button>
        ) : null}
        <h2 id="bk-step-title">{TITLES[step]}</h2>
      </div>
      {step === 'course' ? (
        <CourseStep
          courses={page.courses}
          onPick={(course) => {
            setDraft({ ...draft, course, slot: undefined });
            go('staff');
          }}
        />
      ) : step === 'staff' ? (
        <StaffStep
          resources={page.resources}
          onPick={(staff) => {
            setDraft({ ...draft, staff, slot: undefined });
            go('slot');
          }}
        />
      ) : step === 'slot' ? (
        <SlotPicker
          api={api}
          courseId={draft.course!.id}
          resourceId={draft.staff?.id ?? null}
          daysAhead={page.booking.accept_days_ahead}
          selected={draft.slot}
          onPick={(slot) => {
            setDraft({ ...draft, slot });
            setFailure(null);
            go(afterSlot);
          }}
        />
      ) : step === 'answers' ? (
        <AnswersForm
          questions={page.customer_info}
          answers={draft.answers ?? {}}
          comment={draft.comment ?? ''}
          serverErrors={failure?.errors ?? {}}
          onSubmit={(answers, comment) => {
            setDraft({ ...draft, answers, comment });
            setFailure(null);
            go('confirm');
          }}
        />
      ) : step === 'confirm' ? (
        <ConfirmStep
          page={page}
          draft={draft as Draft}
          busy={busy}
          error={failure?.message ?? ''}
          alternatives={failure?.alternatives ?? []}
          onConfirm={() => confirm()}
          onPickAlternative={(slot) => {
            setDraft({ ...draft, slot });
            setFailure(null);
          }}
          signIn={props.signIn}
        />
      ) : (
        <ResultStep
          draft={draft as Draft}
          result={result!}
          onShowMine={props.onShowMine}
          onAgain={() => {
            setDraft({ answers: {}, comment: '' });
            setResult(null);
            setHistory(['course']);
          }}
        />
      )}
    </section>
  );
}
