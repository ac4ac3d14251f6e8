import type { RoleId } from '@oqu/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  roles?: readonly RoleId[];
  section?: string;
  /** Plumbing that is not part of the API (docs pages, static web files). */
  hidden: boolean;
}

function entriesOf(route: RouteOptions): RouteEntry[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const access = route.config?.access;
  return methods
    .filter((method) => method !== 'HEAD')
    .map((method) => ({
      method,
      url: route.url,
      public: access?.public === true,
      roles: access && !access.public ? access.roles : undefined,
      section: access && !access.public ? access.section : undefined,
      hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide) || route.url.startsWith('/api/docs'),
    }));
}

/**
 * Collects every route as it is registered, with its declared access, for the role matrix. The
 * access is read once the app is ready: a scope's own onRoute hooks (markPublic) run after this
 * root one, so reading it at registration would miss what they declare.
 */
export function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    entries.push(...routes.splice(0).flatMap(entriesOf));
  });
  return entries;
}

/** Marks every route registered inside `scope` as public (docs pages and the web app's files). */
export function markPublic(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: { public: true } };
  });
}
