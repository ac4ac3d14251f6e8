import { Navigate, useLocation } from 'react-router';
import { landingPath } from '../../app/landing';
import { mockupTarget } from '../../features/webinars/lists/mockups';
import { useIsNarrow } from '../../lib/media';
import { useSession } from '../../lib/session';

/** The spec's static mock-ups (/questions, /webinar-ask, /online…) lead to the real screens (see mockupTarget). */
export default function SpecMockupPage() {
  const { pathname } = useLocation();
  const session = useSession();
  const narrow = useIsNarrow();
  const target = mockupTarget(pathname, session?.RoleID);
  if (target) return <Navigate to={target} replace />;
  return <Navigate to={session ? landingPath(session.RoleID, narrow) : '/'} replace />;
}
