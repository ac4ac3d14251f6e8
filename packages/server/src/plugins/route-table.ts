import type { RoleId } from '@oqu/contracts';
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  roles?: readonly RoleId[];
  section?: string;
  /** Plumbing that is not part of the API (docs pages, static web files). */
  hidden: boolean;
}

/** Collects every route as it is registered, with its declared access, for the role matrix. */
export function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const entries: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      entries.push({
        method,
        url: route.url,
        public: access?.public === true,
        roles: access && !access.public ? access.roles : undefined,
        section: access && !access.public ? access.section : undefined,
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide) || route.url.startsWith('/api/docs'),
      });
    }
  });
  return entries;
}

/** Marks every route registered inside `scope` as public (docs pages and the web app's files). */
export function markPublic(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: { public: true } };
  });
}
