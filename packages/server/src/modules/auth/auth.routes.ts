import { authEndpoints, errorResponses } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { authAccess } from './auth.policy.js';
import type { AuthService } from './auth.service.js';
import { deviceCookieHeader, deviceCookieOf } from './known-device.js';

const refusals = errorResponses(400, 401, 403, 422, 429);

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  route(
    app,
    authEndpoints.login,
    { config: authAccess.signIn, schema: { tags: ['auth'], summary: 'Sign in by IIN, personnel number or login', response: refusals } },
    async (request, reply) => {
      const { user, device } = await auth.login(
        request.body.iin,
        request.body.password,
        request.ip,
        deviceCookieOf(request.headers.cookie),
      );
      reply.header('set-cookie', deviceCookieHeader(device, request.protocol === 'https'));
      return { status: true, message: translate('ok', request.language), user };
    },
  );

  route(
    app,
    authEndpoints.me,
    { config: authAccess.own, schema: { tags: ['auth'], summary: 'The signed-in user', response: refusals } },
    async (request) => ({ status: true, message: '', user: await auth.me(request.user.id) }),
  );

  route(
    app,
    authEndpoints.logout,
    { config: authAccess.own, schema: { tags: ['auth'], summary: 'End this session', response: refusals } },
    async (request) => {
      await auth.logout(request.token as string);
      return { status: true, message: translate('logged_out', request.language) };
    },
  );

  route(
    app,
    authEndpoints.changePassword,
    { config: authAccess.own, schema: { tags: ['auth'], summary: 'Change one’s own password; other sessions end', response: refusals } },
    async (request) => {
      const { Password, Newpassword } = request.body;
      await auth.changePassword(
        request.user,
        request.token as string,
        Password,
        Newpassword,
        request.ip,
        deviceCookieOf(request.headers.cookie),
      );
      return { status: true, message: translate('password_changed', request.language) };
    },
  );
};
