import { hasAllPermissions } from '@tsunagu/contracts';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSession } from '@/features/auth';
import type { RouteHandle } from './route-handle';
import { NotFoundPage, NOT_FOUND_TITLE } from './routes/not-found-page';
import { mayOpenOwnerOrDev, useBrandLabel } from './session';

export const FORBIDDEN_PATH = '/?forbidden=1';

const DIGITS = /^\d+$/;

/**
 * Wraps every page: numeric-id check, permission guard (APP-02..04) and the page title
 * (APP-06, DEC-03). The guard is a convenience for the operator; the server is the defence.
 */
export function RouteGate({ handle, children }: { handle: RouteHandle; children: ReactNode }) {
  const params = useParams();
  const session = useSession();
  const badParam = (handle.numericParams ?? []).some((name) => !DIGITS.test(params[name] ?? ''));
  const hidden = !!handle.ownerOrDev && !mayOpenOwnerOrDev(session.data?.operator.role.is_owner);
  const allowed =
    hasAllPermissions(session.data?.permission_keys ?? [], handle.permissions) &&
    (!handle.ownerScreen || session.data?.operator.role.is_owner === true);

  useDocumentTitle(badParam || hidden ? NOT_FOUND_TITLE : handle.title);

  if (hidden) return <NotFoundPage title={NOT_FOUND_TITLE} />;
  if (badParam) {
    if (handle.invalidParamRedirect) return <Navigate to={handle.invalidParamRedirect} replace />;
    return <NotFoundPage title={NOT_FOUND_TITLE} />;
  }
  if (!allowed) return <Navigate to={FORBIDDEN_PATH} replace />;
  return children;
}

function useDocumentTitle(title: string) {
  const brand = useBrandLabel();
  useEffect(() => {
    document.title = `${title} | ${brand}`;
  }, [title, brand]);
}
