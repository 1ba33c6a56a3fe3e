import type { BookingPage, MemberIdentity } from '@tsunagu/contracts';
import { useEffect, useMemo, useState } from 'react';
import { BookingApiError, bookingApi } from '../api/booking-api';
import { SignIn } from '../components/sign-in';
import { SalonHeader } from '../components/salon-header';
import { BookingFlow } from './booking-flow';
import { MyReservations } from './my-reservations';

type Loaded = { page: BookingPage; identity: MemberIdentity };

/**
 * The booking page: the salon's menu and the customer's identity first, then either the
 * booking steps or the customer's own reservations (two tabs). Nothing here ever shows another
 * customer: the server answers only the signed-in member's own rows.
 */
export function BookingApp({ publicKey }: { publicKey: string }) {
  const api = useMemo(() => bookingApi(publicKey), [publicKey]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState('');
  const [tab, setTab] = useState<'book' | 'mine'>('book');
  // Bumped after a booking so "my reservations" reads the new one.
  const [version, setVersion] = useState(0);

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
  const session = identity.session;
  return (
    <main className="bk">
      <SalonHeader page={page} memberName={session?.member.display_name ?? ''} />
      {session ? (
        <>
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
            />
          ) : (
            <MyReservations key={version} api={api} page={page} />
          )}
        </>
      ) : (
        <SignIn
          api={api}
          identity={identity}
          onSignedIn={(signed) => setLoaded({ page, identity: { ...identity, session: signed } })}
        />
      )}
    </main>
  );
}
