import type { MemberIdentity, MemberSession } from '@tsunagu/contracts';
import { useEffect, useState } from 'react';
import { BookingApiError, type BookingApi } from '../api/booking-api';
import { liffTokens } from '../api/liff';

/**
 * Who is booking (decision 0127). In LINE (the account has a LIFF id) the page asks LIFF for
 * the ID token at once and the server verifies it with LINE; in the demo (no LINE Login
 * channel) the customer continues as a seeded member; otherwise the page must be opened in LINE.
 */
export function SignIn(props: {
  api: BookingApi;
  identity: MemberIdentity;
  onSignedIn: (session: MemberSession) => void;
}) {
  const { api, identity, onSignedIn } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const send = (body: { id_token: string; access_token?: string } | { demo: true }) =>
    api
      .signIn(body)
      .then(onSignedIn)
      .catch((failure: unknown) =>
        setError(failure instanceof BookingApiError ? failure.message : 'ログインできませんでした'),
      );

  useEffect(() => {
    if (!identity.liff_id) return;
    let live = true;
    liffTokens(identity.liff_id)
      .then((tokens) => (tokens && live ? send(tokens) : undefined))
      .catch(() => {
        if (live)
          setError('LINEでの本人確認を開始できませんでした。LINEアプリから開き直してください');
      });
    return () => {
      live = false;
    };
    // Once per page load: LIFF redirects to LINE Login and back when needed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [identity.liff_id]);

  return (
    <section className="bk-card bk-signin" aria-labelledby="bk-signin-title">
      <h2 id="bk-signin-title">ご予約の前に</h2>
      {identity.liff_id ? (
        <p className="bk-muted" role="status">
          {error ? '' : 'LINEで本人確認をしています...'}
        </p>
      ) : identity.demo_available ? (
        <>
          <p>デモ環境です。LINEの代わりにデモ会員として予約を体験できます。</p>
          <button
            type="button"
            className="bk-btn bk-btn--primary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void send({ demo: true }).finally(() => setBusy(false));
            }}
          >
            デモ会員として続ける
          </button>
        </>
      ) : (
        <p>
          このページはLINEアプリから開いてください。お店のLINE公式アカウントのメニューから予約できます。
        </p>
      )}
      {error ? (
        <p className="bk-alert" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
