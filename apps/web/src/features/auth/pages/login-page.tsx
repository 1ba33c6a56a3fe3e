import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../api/get-me';
import { LoginForm } from '../components/login-form';
import { RETURN_PARAM, safeReturnPath } from '../return-path';

export function LoginPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));

  // Signing in fills the session, so this one line also moves on after a successful login.
  if (session.data) return <Navigate to={returnTo} replace />;

  return (
    <section className="login">
      <h1 className="login__title">ログイン</h1>
      <LoginForm />
    </section>
  );
}
