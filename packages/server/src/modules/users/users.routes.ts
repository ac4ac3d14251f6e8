import { errorResponses, Role, userEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { PHOTO_UPLOAD } from '../files/files.service.js';
import type { UploadTargets } from '../files/upload-targets.js';
import { usersAccess } from './users.policy.js';
import type { UsersService } from './users.service.js';

const refusals = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['users'];
const REGION_RULE =
  '`RegionID` (trainees only; 422 for other roles): a live region account (role 5), else 422 naming the field; null takes the region away.';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; uploads: UploadTargets }> = async (app, { users, uploads }) => {
  // the files module's photo path takes what names no other target: a person's photo
  uploads.register({
    name:
      '`UserID` — a photo of a person (JPEG or PNG by content, at most 1,000,000 bytes; administrators; one call per photo, a person may have several), answers `data`. ' +
      'With FACE_CHECK=required its face is enrolled for the face check: a photo without exactly one face of usable size is refused (422) and not kept',
    endpoint: userEndpoints.uploadPhoto,
    badForm: 'photo_target_missing',
    rules: PHOTO_UPLOAD,
    folder: 'photos',
    roles: usersAccess.manage.access.roles,
    store: async (request, file, { UserID }) => ({
      status: true,
      message: translate('photo_uploaded', request.language),
      data: await users.addPhoto(request.user, UserID, file),
    }),
  });

  route(
    app,
    userEndpoints.list,
    { config: usersAccess.manage, schema: { tags, summary: 'People, a page at a time, optionally of one role', response: refusals } },
    async (request) => ({ status: true, message: '', ...(await users.list(request.query)) }),
  );

  route(
    app,
    userEndpoints.get,
    { config: usersAccess.manage, schema: { tags, summary: 'One person, with their gradebook journal and retakes', response: refusals } },
    async (request) => ({ status: true, message: '', data: await users.get(request.params.id, request.language) }),
  );

  route(
    app,
    userEndpoints.teachers,
    { config: usersAccess.teacherPicker, schema: { tags, summary: 'Webinar teachers for pickers', response: refusals } },
    async () => ({ status: true, message: '', data: await users.options(Role.Teacher) }),
  );

  route(
    app,
    userEndpoints.regions,
    { config: usersAccess.regionPicker, schema: { tags, summary: 'Audience (region) accounts for pickers', response: refusals } },
    async () => ({ status: true, message: '', data: await users.options(Role.Region) }),
  );

  route(
    app,
    userEndpoints.create,
    {
      config: usersAccess.manage,
      schema: { tags, summary: 'Create a person of any role', description: REGION_RULE, response: refusals },
    },
    async (request) => {
      const id = await users.create(request.user, request.body);
      return { status: true, message: translate('user_created', request.language), user: { ID: id } };
    },
  );

  route(
    app,
    userEndpoints.update,
    {
      config: usersAccess.manage,
      schema: {
        tags,
        summary: 'Edit a person, or block/unblock with {IsBlocked}',
        description: `Blocking ends every session of the person at once. ${REGION_RULE} A person who stops being a trainee leaves their region.`,
        response: refusals,
      },
    },
    async (request) => {
      const outcome = await users.update(request.user, request.params.id, request.body);
      return { status: true, message: translate(outcome, request.language) };
    },
  );

  route(
    app,
    userEndpoints.attachPlan,
    {
      config: usersAccess.manage,
      schema: {
        tags,
        summary: 'Attach an education plan to a person, or detach it with {PlanID: null}',
        description: 'An unknown person answers 404, an unknown plan 422.',
        response: refusals,
      },
    },
    async (request) => {
      const outcome = await users.attachPlan(request.user, request.params.id, request.body.PlanID);
      return { status: true, message: translate(outcome, request.language) };
    },
  );

  route(
    app,
    userEndpoints.setPassword,
    { config: usersAccess.manage, schema: { tags, summary: 'Set a person’s password; their sessions end', response: refusals } },
    async (request) => {
      await users.setPassword(request.user, request.body.UserID, request.body.Newpassword);
      return { status: true, message: translate('password_changed', request.language) };
    },
  );

  route(
    app,
    userEndpoints.remove,
    {
      config: usersAccess.manage,
      schema: { tags, summary: 'Delete a person, or archive one whose actions are on record', response: refusals },
    },
    async (request) => {
      const { archived } = await users.remove(request.user, request.params.id);
      return { status: true, message: translate(archived ? 'user_archived' : 'user_deleted', request.language), archived };
    },
  );

  route(
    app,
    userEndpoints.removePhoto,
    { config: usersAccess.manage, schema: { tags, summary: 'Delete a photo of a person', response: refusals } },
    async (request) => {
      await users.deletePhoto(request.user, request.params.id);
      return { status: true, message: translate('photo_deleted', request.language) };
    },
  );
};
