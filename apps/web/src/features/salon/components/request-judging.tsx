import type { Course, Reservation, Resource } from '@tsunagu/contracts';
import type { Judgement } from '../api/judge-request';
import { RequestCompare } from './request-compare';

/** The customer's pending change and cancel requests, judged here (RSV-71/73). */
export function RequestJudging(props: {
  reservation: Reservation;
  resources: readonly Resource[];
  courses: readonly Course[];
  canWrite: boolean;
  busy: boolean;
  decide: (judgement: Omit<Judgement, 'id'>, done: string) => void;
}) {
  const { reservation, resources, courses, canWrite, busy, decide } = props;
  return (
    <>
      {reservation.change_child ? (
        <section className="salon-request" aria-label="変更リクエスト">
          <h3>変更リクエスト</h3>
          <RequestCompare reservation={reservation} resources={resources} courses={courses} />
          {canWrite ? (
            <div className="salon-request__actions">
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() =>
                  decide(
                    { childId: reservation.change_child!.id, kind: 'edit', status: 'deny' },
                    '変更リクエストをお断りしました',
                  )
                }
              >
                お断りする
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() =>
                  decide(
                    { childId: reservation.change_child!.id, kind: 'edit', status: 'approve' },
                    '変更リクエストを承認しました',
                  )
                }
              >
                変更を承認する
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
      {reservation.cancel_child ? (
        <section className="salon-request salon-request--cancel" aria-label="キャンセルリクエスト">
          <h3>キャンセルリクエスト</h3>
          <p>お客様からこの予約のキャンセルのリクエストが届いています。</p>
          {canWrite ? (
            <div className="salon-request__actions">
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() =>
                  decide(
                    { childId: reservation.cancel_child!.id, kind: 'cancel', status: 'deny' },
                    'キャンセルリクエストをお断りしました',
                  )
                }
              >
                お断りする
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={busy}
                onClick={() =>
                  decide(
                    { childId: reservation.cancel_child!.id, kind: 'cancel', status: 'approve' },
                    'キャンセルを承認しました',
                  )
                }
              >
                キャンセルを承認する
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
