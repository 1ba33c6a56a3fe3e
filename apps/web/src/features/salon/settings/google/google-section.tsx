import { GOOGLE_MESSAGES, type GoogleCalendars } from '@tsunagu/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useToast } from '@/ui/toast';
import { writeErrorText } from '../../utils/write-errors';
import { CalendarLinks } from './calendar-links';
import { useConnectGoogle, useGoogleCalendars } from './google-api';
import { WriteStatus } from './write-status';
import './google.css';

/** Leaves the console for Google's consent page (a seam for the component tests). */
export const browser = {
  go(url: string) {
    window.location.assign(url);
  },
};

/**
 * The OAuth callback comes back here with `?google=connected|failed` (decision 0135): say how it
 * went once, then drop the parameter so a reload does not say it again.
 */
function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const outcome = params.get('google');
  // Once per arrival, also under StrictMode's second effect run.
  const said = useRef(false);
  useEffect(() => {
    if (said.current || (outcome !== 'connected' && outcome !== 'failed')) return;
    said.current = true;
    if (outcome === 'connected') toast.success('Googleアカウントを連携しました');
    else toast.error(GOOGLE_MESSAGES.oauthFailed);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('google');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams, toast]);
}

/** RSV-39..47: the salon's Google account and the calendars linked to its resources. */
export function GoogleSection({ salonId, canWrite }: { salonId: number; canWrite: boolean }) {
  useConnectOutcome();
  const overview = useGoogleCalendars(salonId);
  if (overview.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(overview.error)}
      </p>
    );
  if (!overview.data) return <Loading />;
  const data = overview.data;
  return (
    <div className="settings-stack">
      <AccountCard salonId={salonId} canWrite={canWrite} data={data} />
      {data.calendars_error ? (
        <p className="notice notice--error" role="alert">
          {data.calendars_error}
        </p>
      ) : null}
      <CalendarLinks salonId={salonId} canWrite={canWrite} data={data} />
    </div>
  );
}

function AccountCard(props: { salonId: number; canWrite: boolean; data: GoogleCalendars }) {
  const { salonId, canWrite, data } = props;
  const { account } = data;
  const connect = useConnectGoogle(salonId);
  const toast = useToast();
  const start = () =>
    connect.mutate(undefined, {
      onSuccess: ({ url }) => browser.go(url),
      onError: (error) => toast.error(writeErrorText(error)),
    });

  return (
    <section className="settings-card" aria-labelledby="google-account-heading">
      <div className="settings-card__head">
        <h2 className="settings-card__title" id="google-account-heading">
          Googleアカウント
        </h2>
        {canWrite ? (
          <button
            type="button"
            className={account ? 'btn' : 'btn btn--primary'}
            disabled={connect.isPending || connect.isSuccess}
            onClick={start}
          >
            {account ? '別のアカウントで連携し直す' : 'Googleアカウントを連携'}
          </button>
        ) : null}
      </div>
      {account ? (
        <p className="google-account">
          <span className="text-muted">連携中のアカウント</span>
          <strong className="google-account__email">{account.email}</strong>
        </p>
      ) : (
        <p className="text-muted">Googleアカウントはまだ連携されていません。</p>
      )}
      <WriteStatus
        data={data}
        canWrite={canWrite}
        reconnecting={connect.isPending || connect.isSuccess}
        onReconnect={start}
      />
      {canWrite ? (
        <p className="google-hint">
          Googleの画面で許可すると、この画面に戻ります。シフトの読み取りと、担当者の予約の書き込みに使います。
        </p>
      ) : null}
    </section>
  );
}
