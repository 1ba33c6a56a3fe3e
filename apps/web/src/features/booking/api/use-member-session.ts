import type { MemberIdentity, MemberSession } from '@tsunagu/contracts';
import { useEffect, useState } from 'react';
import { BookingApiError, type BookingApi } from './booking-api';
import { liffTokens } from './liff';

/**
 * Who is booking (decisions 0127, 0272). The page is readable without a session; the customer
 * signs in when confirming. Inside LINE (or back from LINE Login) LIFF gives the ID token on the
 * first look, without a tap; in a browser outside LINE 「LINEでログイン」 sends them to LINE
 * Login and back; in the demo (no LINE Login channel) they continue as a seeded member.
 * The event page (issue 27) signs in the same way through its own `/session` call.
 */
export function useMemberSession(api: Pick<BookingApi, 'signIn'>, identity: MemberIdentity | null) {
  const [session, setSession] = useState<MemberSession | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const send = (body: { id_token: string; access_token?: string } | { demo: true }) =>
    api
      .signIn(body)
      .then(setSession)
      .catch((failure: unknown) =>
        setError(failure instanceof BookingApiError ? failure.message : 'ログインできませんでした'),
      );

  const line = (mode: 'silent' | 'login') => {
    if (!identity?.liff_id) return Promise.resolve();
    return liffTokens(identity.liff_id, mode)
      .then((tokens) => (tokens ? send(tokens) : undefined))
      .catch(() => setError('LINEでのログインを開始できませんでした。もう一度お試しください'));
  };

  useEffect(() => {
    if (!identity) return;
    if (identity.session) setSession(identity.session);
    else if (identity.liff_id) void line('silent');
    // Once per page load: the identity is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [identity]);

  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    void work().finally(() => setBusy(false));
  };

  return {
    session,
    busy,
    error,
    /** Sign-in the customer asked for: LINE Login, or the demo member. */
    signIn: () => run(() => (identity?.liff_id ? line('login') : send({ demo: true }))),
  };
}

export type MemberSessionState = ReturnType<typeof useMemberSession>;
