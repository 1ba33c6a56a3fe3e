import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor, useSession } from '@/features/auth';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { SignedInSessionContext } from './session';

/** Every screen but the login page needs a signed-in operator; remember where they were going. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <Loading />;
  if (session.isError) {
    return (
      <p className="notice notice--error" role="alert">
        {errorText(session.error)}
      </p>
    );
  }
  if (!session.data) {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={loginPathFor(returnTo)} replace />;
  }
  return (
    <SignedInSessionContext.Provider value={session.data}>
      <Outlet />
    </SignedInSessionContext.Provider>
  );
}
