import { Role } from '@oqu/contracts';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useIsNarrow } from '../lib/media';
import { useSession } from '../lib/session';
import { GuestOnly, RequireAuth, RequireRoles, RequireSection } from './guards';
import { ADMIN_LANDING, landingPath } from './landing';
import type { RouteHandle } from './routeHandle';
import { ADMIN_ROUTES, COMPACT_ROUTES, LEARNER_ROUTES } from './routes';
import { usePageArrival } from './usePageArrival';

// antd, the query cache and dates come with the first screen past sign-in, so that the sign-in page stays small
const Provided = lazy(() => import('./Provided'));
const RouteErrorPage = lazy(() => import('../pages/common/RouteErrorPage'));
const FullLayout = lazy(() => import('./layouts/FullLayout'));
const AdminLayout = lazy(() => import('./layouts/AdminLayout'));
const CompactLayout = lazy(() => import('./layouts/CompactLayout'));
const SignInPage = lazy(() => import('../pages/auth/SignInPage'));
const PlaceholderPage = lazy(() => import('../pages/common/PlaceholderPage'));
const NotFoundPage = lazy(() => import('../pages/common/NotFoundPage'));
// public: what a certificate's QR code opens, with or without a session
const VerifyPage = lazy(() => import('../pages/public/VerifyPage'));

function Root() {
  usePageArrival();
  return (
    <>
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** /admin itself: the role's admin landing page. */
function AdminIndex() {
  const session = useSession();
  const narrow = useIsNarrow();
  if (!session) return <Navigate to="/" replace />;
  const target = session.RoleID === Role.Trainee ? landingPath(session.RoleID, narrow) : ADMIN_LANDING[session.RoleID];
  return <Navigate to={target} replace />;
}

const handle = (menuKey?: string): RouteHandle => ({ menuKey });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: (
      <Suspense fallback={<PageLoader fullScreen />}>
        <Provided>
          <RouteErrorPage />
        </Provided>
      </Suspense>
    ),
    children: [
      {
        index: true,
        element: (
          <GuestOnly>
            <SignInPage />
          </GuestOnly>
        ),
      },
      {
        path: 'verify/:code',
        element: (
          <Provided>
            <VerifyPage />
          </Provided>
        ),
      },
      {
        path: 'user',
        element: (
          <RequireRoles roles={[Role.Trainee]}>
            <Provided>
              <FullLayout />
            </Provided>
          </RequireRoles>
        ),
        children: [
          { index: true, element: <Navigate to="main" replace /> },
          ...LEARNER_ROUTES.map(({ path, menuKey, page: Page, titleKey }) => ({
            path,
            handle: handle(menuKey),
            element: Page ? <Page /> : <PlaceholderPage titleKey={titleKey} />,
          })),
        ],
      },
      {
        path: 'admin',
        element: (
          <RequireAuth>
            <Provided>
              <AdminLayout />
            </Provided>
          </RequireAuth>
        ),
        children: [
          { index: true, element: <AdminIndex /> },
          ...ADMIN_ROUTES.map(({ path, section, page: Page, titleKey }) => ({
            path,
            handle: handle(section),
            element: (
              <RequireSection section={section}>
                {Page ? <Page /> : <PlaceholderPage titleKey={titleKey ?? `section.${section}`} />}
              </RequireSection>
            ),
          })),
        ],
      },
      {
        element: (
          <RequireAuth>
            <Provided>
              <CompactLayout />
            </Provided>
          </RequireAuth>
        ),
        children: COMPACT_ROUTES.map(({ path, roles, menuKey, page: Page, titleKey }) => {
          const page = Page ? <Page key={path} /> : <PlaceholderPage key={path} titleKey={titleKey} />;
          return {
            path,
            handle: handle(menuKey),
            element: roles ? <RequireRoles roles={roles}>{page}</RequireRoles> : page,
          };
        }),
      },
      {
        path: '*',
        element: (
          <Provided>
            <NotFoundPage />
          </Provided>
        ),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
