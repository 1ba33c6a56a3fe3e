import type { EventSlot } from '@tsunagu/contracts';
import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { errorText, isApiError } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import {
  useAddReservation,
  useCheckin,
  useEventReservations,
  useSetReservationState,
} from '../api/events-api';
import { CameraCheckin } from '../components/camera-checkin';
import { ProxyAnswersDialog, type Answers } from '../components/proxy-answers-dialog';
import { ReservationRow } from '../components/reservation-row';
import { slotTitle } from '../components/slot-card';
import { browserCamera, type CameraDeps } from '../lib/qr-scanner';
import { eventPaths } from '../paths';
import '../components/events.css';

type PickedFriend = { id: number; display_name: string };

export type FriendPickerProps = {
  onPick: (friend: PickedFriend) => void;
  onClose: () => void;
};

/**
 * EventReservationList (ROUTE-34): per slot who booked, when, their answers and state;
 * one-tap attendance, check-in by the code of the friend's QR, manual add (代理予約), the
 * waitlist in order and the CSV. Readable without reserve-write (a read-only note then).
 */
export function EventReservationsPage(props: {
  title: string;
  id: string;
  canWrite: boolean;
  FriendPicker: ComponentType<FriendPickerProps>;
  /** The camera and QR decoder of the camera check-in (the browser's unless a test hands one). */
  camera?: CameraDeps;
}) {
  const eventId = Number(props.id);
  const data = useEventReservations(eventId);
  const setState = useSetReservationState();
  const add = useAddReservation();
  const checkin = useCheckin();
  const toast = useToast();
  const [adding, setAdding] = useState<EventSlot | null>(null);
  const [answering, setAnswering] = useState<{ slot: EventSlot; friend: PickedFriend } | null>(
    null,
  );
  const [code, setCode] = useState('');

  const header = (
    <PageHeader
      title={props.title}
      breadcrumbs={[
        { label: 'イベント予約一覧', to: eventPaths.list },
        { label: data.data?.event.admin_name ?? '予約者一覧' },
      ]}
      actions={
        <>
          <a className="btn" href={`/api/events/${eventId}/reservations.csv`} download>
            CSVダウンロード
          </a>
          {props.canWrite ? (
            <Link className="btn" to={eventPaths.edit(eventId)}>
              イベントを編集
            </Link>
          ) : null}
        </>
      }
    />
  );
  if (data.isPending || data.isError)
    return (
      <section className="page ev-res-page">
        {header}
        {data.isPending ? (
          <Loading />
        ) : (
          <p className="notice notice--error" role="alert">
            {errorText(data.error)}
          </p>
        )}
      </section>
    );

  const { event, slots, reservations, waitlist } = data.data;
  const onError = (error: unknown) => toast.error(errorText(error));
  const checkInCode = (typed: string) => {
    if (!typed.trim()) return;
    checkin.mutate(
      { eventId, code: typed.trim() },
      {
        onSuccess: (result) => {
          toast.success(`${result.reservation.friend_name}さんを出席にしました`);
          setCode('');
        },
        onError,
      },
    );
  };
  const closeAdding = () => {
    setAdding(null);
    setAnswering(null);
    add.reset();
  };
  const book = (slot: EventSlot, friend: PickedFriend, answers: Answers) =>
    add.mutate(
      { eventId, slot_id: slot.id, friend_id: friend.id, answers },
      {
        onSuccess: () => {
          toast.success(`${friend.display_name}さんを予約しました`);
          closeAdding();
        },
        onError: (error) => {
          // A refused answer stays on its question in the dialog; anything else is a toast.
          if (event.questions.length > 0 && isApiError(error) && error.status === 422) return;
          onError(error);
          closeAdding();
        },
      },
    );
  return (
    <section className="page ev-res-page">
      {header}
      <p className="ev-res-title">{event.title}</p>
      {!props.canWrite ? (
        <p className="notice notice--info" role="note">
          閲覧のみです。出席の記録や代理予約には「予約」の書き込み権限が必要です。
        </p>
      ) : (
        <form
          className="ev-line ev-checkin"
          onSubmit={(submit) => {
            submit.preventDefault();
            checkInCode(code);
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor="ev-checkin-code">
              受付コード（QRコードの読み取り）
            </label>
            <input
              id="ev-checkin-code"
              value={code}
              autoComplete="off"
              onChange={(change) => setCode(change.target.value)}
            />
          </div>
          <button type="submit" className="btn" disabled={checkin.isPending}>
            出席にする
          </button>
          <CameraCheckin deps={props.camera ?? browserCamera} onCode={checkInCode} />
        </form>
      )}
      {slots.length === 0 ? <p className="text-muted">日程はまだありません</p> : null}
      {slots.map((slot) => {
        const rows = reservations.filter((row) => row.slot_id === slot.id);
        const waiting = waitlist.filter(
          (entry) => entry.slot_id === slot.id && ['waiting', 'offered'].includes(entry.state),
        );
        const name = slotTitle(slot);
        return (
          <section key={slot.id} className="ev-res-slot" aria-label={name}>
            <div className="ev-slot-head">
              <h2>
                {name}
                <span className={slot.seats_left === 0 ? 'ev-full' : 'text-muted'}>
                  {' '}
                  予約 {slot.booked} / {slot.capacity}
                </span>
              </h2>
              {props.canWrite ? (
                <button type="button" className="btn btn--small" onClick={() => setAdding(slot)}>
                  代理予約
                </button>
              ) : null}
            </div>
            {rows.length === 0 ? (
              <p className="text-muted">予約はまだありません</p>
            ) : (
              <table className="table ev-res-table">
                <thead>
                  <tr>
                    <th>友だち・回答</th>
                    <th>予約日時</th>
                    <th>状態</th>
                    <th>出席</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <ReservationRow
                      key={row.id}
                      row={row}
                      canWrite={props.canWrite}
                      busy={setState.isPending && setState.variables?.id === row.id}
                      onState={(state) =>
                        setState.mutate({ eventId, id: row.id, state }, { onError })
                      }
                    />
                  ))}
                </tbody>
              </table>
            )}
            {waiting.length > 0 ? (
              <div className="ev-waitlist">
                <h3>キャンセル待ち</h3>
                <ol>
                  {waiting.map((entry) => (
                    <li key={entry.id}>
                      <Link to={eventPaths.friend(entry.friend_id)}>{entry.friend_name}</Link>{' '}
                      <span className="text-muted">{entry.state_name}</span>
                    </li>
                  ))}
                </ol>
              </div>
            ) : null}
          </section>
        );
      })}
      {adding ? (
        <props.FriendPicker
          onClose={() => setAdding(null)}
          onPick={(friend) => {
            // An event with questions asks them first (decision 0381); else one tap books.
            if (event.questions.length > 0) setAnswering({ slot: adding, friend });
            else book(adding, friend, {});
          }}
        />
      ) : null}
      {answering ? (
        <ProxyAnswersDialog
          friendName={answering.friend.display_name}
          slotName={slotTitle(answering.slot)}
          questions={event.questions}
          busy={add.isPending}
          serverError={add.error}
          onBook={(answers) => book(answering.slot, answering.friend, answers)}
          onClose={closeAdding}
        />
      ) : null}
    </section>
  );
}
