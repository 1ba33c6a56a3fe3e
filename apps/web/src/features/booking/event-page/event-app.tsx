import type { MemberIdentity, PublicEvent, PublicEventSlot } from '@tsunagu/contracts';
import { useEffect, useMemo, useState } from 'react';
import { BookingApiError } from '../api/booking-api';
import { useMemberSession, type MemberSessionState } from '../api/use-member-session';
import { SignIn } from '../components/sign-in';
import { slotLabel } from '@/lib/tokyo-wall-clock';
import { BookPanel } from './book-panel';
import { eventBookingApi, type Answers } from './event-booking-api';
import { MyEventBookings } from './my-event-bookings';
import { SlotList } from './slot-list';

type Loaded = { event: PublicEvent; identity: MemberIdentity };
type Picked = { slot: PublicEventSlot; waitlist: boolean };

/**
 * The friend's event page `/e/{publicKey}` (issue 27, decision 0318): the event and its dates
 * need no sign-in; picking a date opens one confirm panel (questions, LINE sign-in as on the
 * booking page, 予約する); 「予約の確認」 lists the friend's own bookings of the event.
 */
export function EventApp({ publicKey, offerId }: { publicKey: string; offerId: number | null }) {
  const api = useMemo(() => eventBookingApi(publicKey), [publicKey]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState('');
  // The LINE message offering a seat opens `?offer={id}`: straight to my bookings.
  const [tab, setTab] = useState<'book' | 'mine'>(offerId ? 'mine' : 'book');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [done, setDone] = useState<{ waitlist: number | null; slot: PublicEventSlot } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  const member = useMemberSession(api, loaded?.identity ?? null);

  useEffect(() => {
    let live = true;
    Promise.all([api.page(), api.identity()])
      .then(([event, identity]) => {
        if (!live) return;
        document.title = `${event.title} | イベント予約`;
        setLoaded({ event, identity });
      })
      .catch((problem: unknown) => {
        if (live)
          setFailure(problem instanceof BookingApiError ? problem.message : '読み込めませんでした');
      });
    return () => {
      live = false;
    };
  }, [api, version]);

  if (!loaded)
    return (
      <main className="bk">
        {failure ? (
          <p className="bk-alert" role="alert">
            {failure}
          </p>
        ) : (
          <p className="bk-muted">読み込み中…</p>
        )}
      </main>
    );

  const { event } = loaded;
  const book = (answers: Answers) => {
    if (!picked) return;
    setBusy(true);
    setError('');
    const { slot, waitlist } = picked;
    (waitlist
      ? api.joinWaitlist(slot.id, answers).then((entry) => entry.position)
      : api.book(slot.id, answers).then(() => null)
    )
      .then((position) => {
        setDone({ waitlist: position, slot });
        setPicked(null);
        setVersion((n) => n + 1);
      })
      .catch((problem: unknown) => {
        setError(problem instanceof BookingApiError ? problem.message : '予約できませんでした');
        // Seats may have changed meanwhile: read them again.
        void api.page().then((fresh) => setLoaded((old) => old && { ...old, event: fresh }));
      })
      .finally(() => setBusy(false));
  };

  return (
    <main className="bk ev">
      <header className="bk-header">
        <h1 className="bk-header__title">{event.title}</h1>
        {member.session ? (
          <p className="bk-header__member">{member.session.member.display_name} さん</p>
        ) : null}
      </header>
      <nav className="bk-tabs" aria-label="イベント予約">
        {(['book', 'mine'] as const).map((name) => (
          <button
            key={name}
            type="button"
            className="bk-tab"
            aria-current={tab === name ? 'page' : undefined}
            onClick={() => setTab(name)}
          >
            {name === 'book' ? '予約する' : '予約の確認'}
          </button>
        ))}
      </nav>
      {tab === 'mine' ? (
        member.session ? (
          <MyEventBookings api={api} version={version} offerId={offerId} />
        ) : (
          <SignInOnly loaded={loaded} member={member} />
        )
      ) : done ? (
        <section className="bk-card bk-result" role="status">
          <h2 className="bk-result__title">
            {done.waitlist === null
              ? '予約しました'
              : `キャンセル待ちに登録しました（${done.waitlist}番目）`}
          </h2>
          <p>{slotLabel(done.slot.starts_at, done.slot.ends_at)}</p>
          <p className="bk-muted">確認のメッセージをLINEでお送りします。</p>
          <div className="bk-actions">
            <button type="button" className="bk-btn" onClick={() => setDone(null)}>
              日時の一覧へ
            </button>
            <button
              type="button"
              className="bk-btn bk-btn--primary"
              onClick={() => {
                setDone(null);
                setTab('mine');
              }}
            >
              予約を確認する
            </button>
          </div>
        </section>
      ) : picked ? (
        <BookPanel
          event={event}
          slot={picked.slot}
          waitlist={picked.waitlist}
          identity={loaded.identity}
          member={member}
          busy={busy}
          error={error}
          onBook={book}
          onBack={() => {
            setPicked(null);
            setError('');
          }}
        />
      ) : (
        <EventDetails event={event} onPick={(slot, waitlist) => setPicked({ slot, waitlist })} />
      )}
    </main>
  );
}

function SignInOnly(props: { loaded: Loaded; member: MemberSessionState }) {
  return (
    <SignIn
      identity={props.loaded.identity}
      state={props.member}
      lead="予約の確認にはLINEでのログインが必要です"
    />
  );
}

function EventDetails(props: {
  event: PublicEvent;
  onPick: (slot: PublicEventSlot, waitlist: boolean) => void;
}) {
  const { event } = props;
  const open = event.state === 'open';
  return (
    <>
      {event.image_url || event.description ? (
        <section className="bk-card ev-about" aria-label="イベントの内容">
          {event.image_url ? (
            <img className="ev-about__image" src={event.image_url} alt="" />
          ) : null}
          {event.description ? <p className="ev-about__text">{event.description}</p> : null}
        </section>
      ) : null}
      {open ? (
        <SlotList slots={event.slots} onPick={props.onPick} />
      ) : (
        <p className="bk-notice">
          {event.state === 'closed'
            ? 'このイベントの受付は締め切りました。'
            : 'このイベントは終了しました。'}
        </p>
      )}
    </>
  );
}
