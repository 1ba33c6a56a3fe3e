import { useId, useState, type FormEvent } from 'react';
import { errorText } from '@/lib/api-error';
import { useLogin } from '../api/login';

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const idField = useId();
  const passwordField = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ login_id: loginId, password }, { onSuccess: onSignedIn });
  };

  // The server's own message (wrong credentials, too many attempts) is the clearest answer.
  const error = login.error;
  const errorMessage = error ? errorText(error) : null;

  return (
    <form className="form" onSubmit={submit} noValidate>
      {errorMessage ? (
        <p className="notice notice--error" role="alert">
          {errorMessage}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={idField}>ログインID</label>
        <input
          id={idField}
          name="login_id"
          autoComplete="username"
          // The sign-in page has one job: the cursor starts where the operator types first.
          autoFocus
          required
          value={loginId}
          onChange={(event) => setLoginId(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={passwordField}>パスワード</label>
        <input
          id={passwordField}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={login.isPending || loginId.trim() === '' || password === ''}
      >
        ログイン
      </button>
    </form>
  );
}
