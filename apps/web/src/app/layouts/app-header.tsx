import type { ReactNode, RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { pagePaths } from '@/config/paths';
import { useLogout } from '@/features/auth';
import { StaffBell } from '@/features/operator-notices';
import { useLeaveGuardConfirm } from '@/ui/leave-guard';
import { useSignedInSession } from '../session';

/** The narrow-screen drawer's button (main layout only; CSS shows it below 768 px). */
export type MenuToggle = {
  open: boolean;
  controls: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onToggle: () => void;
};

export function AppHeader({ children, menu }: { children?: ReactNode; menu?: MenuToggle }) {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const confirmLeave = useLeaveGuardConfirm();
  const logout = useLogout(() => navigate(pagePaths.Login, { replace: true, flushSync: true }));
  // Signing out leaves the page: unsaved changes are asked about first, not after the session
  // has already ended (ADR 0062).
  const signOut = async () => {
    if (await confirmLeave()) logout.mutate();
  };

  return (
    <header className="app-header">
      <div className="app-header__start">
        {menu ? (
          <button
            ref={menu.buttonRef}
            type="button"
            className="btn btn--ghost app-header__menu-toggle"
            aria-expanded={menu.open}
            aria-controls={menu.controls}
            onClick={menu.onToggle}
          >
            <span className="app-header__menu-icon" aria-hidden="true" />
            メニュー
          </button>
        ) : null}
        <Link className="app-header__brand" to="/">
          {session.account.brand_label}
        </Link>
      </div>
      <div className="app-header__end">
        {children}
        <StaffBell operatorId={session.operator.id} settingsPath={pagePaths.StaffNotifySettings} />
        <span className="app-header__operator">{session.operator.display_name}</span>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void signOut()}
          disabled={logout.isPending}
        >
          ログアウト
        </button>
      </div>
    </header>
  );
}
