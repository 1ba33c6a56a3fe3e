import type { MemberIdentity } from '@tsunagu/contracts';
import type { MemberSessionState } from '../api/use-member-session';

/**
 * The sign-in the customer meets when confirming (decision 0272): LINE Login when the account
 * has a LIFF id, the demo member in the demo, else a word on opening the page from LINE.
 */
export function SignIn(props: {
  identity: MemberIdentity;
  state: MemberSessionState;
  lead: string;
}) {
  const { identity, state } = props;
  return (
    <div className="bk-signin" role="group" aria-labelledby="bk-signin-title">
      <p id="bk-signin-title" className="bk-signin__lead">
        {props.lead}
      </p>
      {identity.liff_id ? (
        <button
          type="button"
          className="bk-btn bk-btn--line bk-btn--wide"
          disabled={state.busy}
          onClick={state.signIn}
        >
          LINEでログイン
        </button>
      ) : identity.demo_available ? (
        <>
          <p className="bk-muted">デモ環境です。LINEの代わりにデモ会員として予約を体験できます。</p>
          <button
            type="button"
            className="bk-btn bk-btn--primary bk-btn--wide"
            disabled={state.busy}
            onClick={state.signIn}
          >
            デモ会員として続ける
          </button>
        </>
      ) : (
        <p>
          このページはLINEアプリから開いてください。お店のLINE公式アカウントのメニューから予約できます。
        </p>
      )}
      {state.error ? (
        <p className="bk-alert" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
