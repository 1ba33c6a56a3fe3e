import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '@/features/auth';
import { useSignedInSession } from '../session';

export function AppHeader({ children }: { children?: ReactNode }) {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const logout = useLogout(() => navigate('/account/login', { replace: true, flushSync: true }));

  return (
    <header className="app-header">
      <Link className="app-header__brand" to="/">
        {session.account.brand_label}
      </Link>
      <div className="app-header__end">
        {children}
        <span className="app-header__operator">{session.operator.display_name}</span>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          ログアウト
        </button>
      </div>
    </header>
  );
}
