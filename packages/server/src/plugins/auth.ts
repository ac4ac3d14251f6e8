import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { AuthUser } from '../modules/auth/auth-user.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set on every route that is not public. */
    user: AuthUser;
    /** The raw bearer token of the caller, for logout. */
    token: string | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Resolves the caller from the bearer token (through the session cache of `AuthService`) and
 * enforces each route's declared roles.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { auth: AuthService }) => {
  // sessions ended by other server processes must reach this one's cache before it serves anyone
  await options.auth.start();
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (!access) throw new AppError(500, 'internal');
    if (access.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const user = await options.auth.authenticate(token);
    if (!user) throw unauthorized('session_expired');
    if (!access.roles.includes(user.roleId)) throw forbidden();
    request.user = user;
    request.token = token;
  });
});
