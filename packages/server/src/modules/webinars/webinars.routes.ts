import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebinarsService } from './webinars.service.js';

/** admin-back-office.md §7 Webinars and learner-and-instructor.md §7 web/*, test/webinar. */
export const webinarsRoutes: FastifyPluginAsyncZod<{ webinars: WebinarsService }> = async (_app, _services) => {};
