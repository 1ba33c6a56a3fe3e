import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../components/login-form';
import { RETURN_PARAM, safeReturnPath } from '../return-path';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));

  return (
    <section className="login">
      <h1 className="login__title">ログイン</h1>
      <LoginForm onSignedIn={() => navigate(returnTo, { replace: true })} />
    </section>
  );
}
