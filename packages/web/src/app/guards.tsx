import { canUse, type RoleId, type SectionKey } from '@oqu/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useIsNarrow } from '../lib/media';
import { useSession } from '../lib/session';
import { landingPath } from './landing';

/** Pages behind sign-in: without a session (never signed in, signed out, expired), back to '/'. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to="/" replace />;
  return children;
}

/** The sign-in page: a stored session skips it and lands by role. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const narrow = useIsNarrow();
  if (session) return <Navigate to={landingPath(session.RoleID, narrow)} replace />;
  return children;
}

/** Only these roles; any other goes to its own landing page. */
export function RequireRoles({ roles, children }: { roles: readonly RoleId[]; children: ReactNode }) {
  const session = useSession();
  const narrow = useIsNarrow();
  if (!session) return <Navigate to="/" replace />;
  if (!roles.includes(session.RoleID)) return <Navigate to={landingPath(session.RoleID, narrow)} replace />;
  return children;
}

/** A page of an admin section: guarded by the same role list that shows its menu entry. */
export function RequireSection({ section, children }: { section: SectionKey; children: ReactNode }) {
  const session = useSession();
  const narrow = useIsNarrow();
  if (!session) return <Navigate to="/" replace />;
  if (!canUse(section, session.RoleID)) return <Navigate to={landingPath(session.RoleID, narrow)} replace />;
  return children;
}
