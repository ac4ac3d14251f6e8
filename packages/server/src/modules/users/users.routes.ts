import {
  adminChangePasswordRequest,
  attachPlanRequest,
  createUserRequest,
  createUserResponse,
  deleteUserResponse,
  errorResponses,
  idParam,
  okEnvelope,
  personOptions,
  Role,
  updateUserRequest,
  userResponse,
  usersPage,
  usersQuery,
} from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { usersAccess } from './users.policy.js';
import type { UsersService } from './users.service.js';

const refusals = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/user/getusers',
    {
      config: usersAccess.manage,
      schema: {
        tags,
        summary: 'People, a page at a time, optionally of one role',
        querystring: usersQuery,
        response: { 200: usersPage, ...refusals },
      },
    },
    async (request) => ({ status: true, message: '', ...(await users.list(request.query)) }),
  );

  app.get(
    '/api/user/getuser/:id',
    {
      config: usersAccess.manage,
      schema: {
        tags,
        summary: 'One person, with their gradebook journal and retakes',
        params: idParam,
        response: { 200: userResponse, ...refusals },
      },
    },
    async (request) => ({ status: true, message: '', data: await users.get(request.params.id, request.language) }),
  );

  app.get(
    '/api/user/getteachers',
    {
      config: usersAccess.teacherPicker,
      schema: { tags, summary: 'Webinar teachers for pickers', response: { 200: personOptions, ...refusals } },
    },
    async () => ({ status: true, message: '', data: await users.options(Role.Teacher) }),
  );

  app.get(
    '/api/user/getregions',
    {
      config: usersAccess.regionPicker,
      schema: { tags, summary: 'Audience (region) accounts for pickers', response: { 200: personOptions, ...refusals } },
    },
    async () => ({ status: true, message: '', data: await users.options(Role.Region) }),
  );

  app.post(
    '/api/user/new',
    {
      config: usersAccess.manage,
      schema: { tags, summary: 'Create a person of any role', body: createUserRequest, response: { 200: createUserResponse, ...refusals } },
    },
    async (request) => {
      const id = await users.create(request.user, request.body);
      return { status: true, message: translate('user_created', request.language), user: { ID: id } };
    },
  );

  app.put(
    '/api/user/updateuser/:id',
    {
      config: usersAccess.manage,
      schema: {
        tags,
        summary: 'Edit a person, or block/unblock with {IsBlocked}',
        description: 'Blocking ends every session of the person at once.',
        params: idParam,
        body: updateUserRequest,
        response: { 200: okEnvelope, ...refusals },
      },
    },
    async (request) => {
      const outcome = await users.update(request.user, request.params.id, request.body);
      return { status: true, message: translate(outcome, request.language) };
    },
  );

  app.put(
    '/api/user/updateplanuser/:id',
    {
      config: usersAccess.manage,
      schema: {
        tags,
        summary: 'Attach an education plan to a person, or detach it with {PlanID: null}',
        description: 'An unknown person answers 404, an unknown plan 422.',
        params: idParam,
        body: attachPlanRequest,
        response: { 200: okEnvelope, ...refusals },
      },
    },
    async (request) => {
      const outcome = await users.attachPlan(request.user, request.params.id, request.body.PlanID);
      return { status: true, message: translate(outcome, request.language) };
    },
  );

  app.put(
    '/api/user/adminchangepass',
    {
      config: usersAccess.manage,
      schema: {
        tags,
        summary: 'Set a person’s password; their sessions end',
        body: adminChangePasswordRequest,
        response: { 200: okEnvelope, ...refusals },
      },
    },
    async (request) => {
      await users.setPassword(request.user, request.body.UserID, request.body.Newpassword);
      return { status: true, message: translate('password_changed', request.language) };
    },
  );

  app.delete(
    '/api/user/deleteuser/:id',
    {
      config: usersAccess.manage,
      schema: {
        tags,
        summary: 'Delete a person, or archive one whose actions are on record',
        params: idParam,
        response: { 200: deleteUserResponse, ...refusals },
      },
    },
    async (request) => {
      const { archived } = await users.remove(request.user, request.params.id);
      return { status: true, message: translate(archived ? 'user_archived' : 'user_deleted', request.language), archived };
    },
  );
};
