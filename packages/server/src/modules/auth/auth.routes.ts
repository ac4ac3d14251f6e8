import { changePasswordRequest, errorResponses, loginRequest, loginResponse, meResponse, okEnvelope } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { anySignedIn, publicRoute } from '../../plugins/access.js';
import type { AuthService } from './auth.service.js';

const refusals = errorResponses(400, 401, 403, 422, 429);

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/user/login',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Sign in by IIN, personnel number or login',
        body: loginRequest,
        response: { 200: loginResponse, ...refusals },
      },
    },
    async (request) => {
      const user = await auth.login(request.body.iin, request.body.password, request.ip);
      return { status: true, message: translate('ok', request.language), user };
    },
  );

  app.get(
    '/api/user/me',
    { config: anySignedIn, schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meResponse, ...refusals } } },
    async (request) => ({ status: true, message: '', user: await auth.me(request.user.id) }),
  );

  app.post(
    '/api/user/logout',
    { config: anySignedIn, schema: { tags: ['auth'], summary: 'End this session', response: { 200: okEnvelope, ...refusals } } },
    async (request) => {
      await auth.logout(request.token as string);
      return { status: true, message: translate('logged_out', request.language) };
    },
  );

  app.put(
    '/api/user/changepass',
    {
      config: anySignedIn,
      schema: {
        tags: ['auth'],
        summary: 'Change one’s own password; other sessions end',
        body: changePasswordRequest,
        response: { 200: okEnvelope, ...refusals },
      },
    },
    async (request) => {
      await auth.changePassword(request.user, request.token as string, request.body.Password, request.body.Newpassword, request.ip);
      return { status: true, message: translate('password_changed', request.language) };
    },
  );
};
