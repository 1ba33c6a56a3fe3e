import type { BookingPage, MemberIdentity } from '@tsunagu/contracts';
import { useEffect, useMemo, useState } from 'react';
import { BookingApiError, bookingApi } from '../api/booking-api';
import { useMemberSession } from '../api/use-member-session';
import { SalonHeader } from '../components/salon-header';
import { SignIn } from '../components/sign-in';
import { BookingFlow, type Step } from './booking-flow';
import { MyReservations } from './my-reservations';

type Loaded = { page: BookingPage; identity: MemberIdentity };

/**
 * The booking page: the salon's menu first — courses, staff and free times need no sign-in
 * (decision 0272) — then the booking steps or the customer's own reservations (two tabs). The
 * customer signs in when confirming or opening their reservations; inside LINE LIFF signs them
 * in without a tap. Nothing here ever shows another customer: the server answers only the
 * signed-in member's own rows.
 */
export function BookingApp({ publicKey }: { publicKey: string }) {
  const api = useMemo(() => bookingApi(publicKey), [publicKey]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState('');
  const [tab, setTab] = useState<'book' | 'mine'>('book');
  const [step, setStep] = useState<Step>('course');
  // Bumped after a booking so "my reservations" reads the new one.
  const [version, setVersion] = useState(0);
  const member = useMemberSession(api, loaded?.identity ?? null);

  useEffect(() => {
    let live = true;
    Promise.all([api.page(), api.identity()])
      .then(([page, identity]) => {
        if (!live) return;
        document.title = `${page.title || page.salon_name} | オンライン予約`;
        setLoaded({ page, identity });
      })
      .catch((error: unknown) => {
        if (live)
          setFailure(error instanceof BookingApiError ? error.message : '読み込めませんでした');
      });
    return () => {
      live = false;
    };
  }, [api]);

  if (failure)
    return (
      <main className="bk">
        <p className="bk-alert" role="alert">
          {failure}
        </p>
      </main>
    );
  if (!loaded)
    return (
      <main className="bk">
        <p className="bk-muted" role="status">
          読み込み中...
        </p>
      </main>
    );

  const { page, identity } = loaded;
  const session = member.session;
  const signIn = (lead: string) => <SignIn identity={identity} state={member} lead={lead} />;
  return (
    <main className="bk">
      <SalonHeader
        page={page}
        memberName={session?.member.display_name ?? ''}
        compact={tab === 'mine' || step !== 'course'}
      />
      <nav className="bk-tabs" aria-label="予約メニュー">
        <button
          type="button"
          className="bk-tab"
          aria-current={tab === 'book' ? 'page' : undefined}
          onClick={() => setTab('book')}
        >
          予約する
        </button>
        <button
          type="button"
          className="bk-tab"
          aria-current={tab === 'mine' ? 'page' : undefined}
          onClick={() => setTab('mine')}
        >
          予約の確認・変更
        </button>
      </nav>
      {tab === 'book' ? (
        <BookingFlow
          api={api}
          page={page}
          onBooked={() => setVersion((v) => v + 1)}
          onShowMine={() => setTab('mine')}
          onStep={setStep}
          signIn={session ? null : signIn('予約を確定するにはログインしてください')}
        />
      ) : session ? (
        <MyReservations key={version} api={api} page={page} />
      ) : (
        <section className="bk-card">
          {signIn('ご予約の確認・変更にはログインしてください')}
        </section>
      )}
    </main>
  );
}
