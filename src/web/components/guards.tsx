import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '../../shared/constants';
import { useSession } from '../session/session';
import { useCurrentCompanyId } from '../session/current-company';
import { PageLoader } from './status-pages';

/** Where a signed-in user lacking a role is sent (docs/SPEC.md §2: a fixed route). */
export const FORBIDDEN_REDIRECT = '/companies';

/**
 * Signed-in routes. An empty role list means any signed-in user; a signed-out user goes to /login,
 * remembering where they were going.
 */
export function RequireAuth({ roles = [] }: { roles?: Role[] }) {
  const session = useSession();
  const location = useLocation();
  if (session.authenticating) return <PageLoader />;
  if (!session.authenticated || !session.user) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (roles.length > 0 && !roles.includes(session.user.role)) return <Navigate to={FORBIDDEN_REDIRECT} replace />;
  return <Outlet />;
}

/** /login is only for signed-out users; the other signed-out pages work for anyone holding a link. */
export function RequireGuest() {
  const session = useSession();
  if (session.authenticating) return <PageLoader />;
  if (session.authenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Documents and events need a current company; without one, the companies list (docs/SPEC.md §2). */
export function RequireCompany() {
  const companyId = useCurrentCompanyId();
  if (!companyId) return <Navigate to="/companies" replace state={{ needActiveCompany: true }} />;
  return <Outlet />;
}

/** `/` and `/home`: administrators to /users, everyone else to /companies. */
export function HomeRedirect() {
  const { isAdmin } = useSession();
  return <Navigate to={isAdmin ? '/users' : '/companies'} replace />;
}
