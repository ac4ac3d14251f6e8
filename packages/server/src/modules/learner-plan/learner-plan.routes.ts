import { errorResponses, learnerPlanEndpoints } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/messages.js';
import { route } from '../../plugins/endpoint.js';
import { learnerPlanAccess } from './learner-plan.policy.js';
import type { LearnerPlanService } from './learner-plan.service.js';

const refusals = errorResponses(401, 403);
const tags = ['learner plan'];

export const learnerPlanRoutes: FastifyPluginAsyncZod<{ learnerPlan: LearnerPlanService }> = async (app, { learnerPlan }) => {
  route(
    app,
    learnerPlanEndpoints.userInfo,
    {
      config: learnerPlanAccess.learner,
      schema: {
        tags,
        summary: 'The trainee: position, department and their education plan',
        description:
          '`Plans` holds the caller’s plan (the screens use the first) or is empty when none is assigned; then `message` says so. ' +
          '`EduTypeName` is in the Accept-Language language.',
        response: refusals,
      },
    },
    async (request) => {
      const data = await learnerPlan.userInfo(request.user.id, request.language);
      const message = data.Plans.length === 0 ? translate('learner_plan_none', request.language) : '';
      return { status: true, message, data };
    },
  );

  route(
    app,
    learnerPlanEndpoints.planTopics,
    {
      config: learnerPlanAccess.learner,
      schema: {
        tags,
        summary: 'Topics of the trainee’s plan with their tests and results, and progress per topic type',
        description: [
          'Topics are ordered by type, position and id. A test is `Passed` when one of the caller’s finished attempts passed;',
          '`Result` is the best finished attempt’s score in percent (one decimal), null when none finished.',
          'A topic is `Completed` when it has at least one test and every test is passed; a topic without tests, when it has SCORM packages (`Scorm`, with the caller’s `Progress`) and every one is completed and none failed.',
          '`statistic` has one entry per topic type, always 9 (production) then 10 (theoretical): `TotalHour` of all the type’s topics,',
          '`Hour` of its completed topics, `Percent` = Hour ÷ TotalHour × 100 rounded half up to one decimal (0 without hours).',
          '`exam.PassMarks` is the trainee’s exam result; it stays null until exams are recorded (then it is set when the exam is passed).',
          'A trainee without a plan gets empty `data` and zero statistics.',
        ].join(' '),
        response: refusals,
      },
    },
    async (request) => ({ status: true, message: '', ...(await learnerPlan.planTopics(request.user.id, request.language)) }),
  );
};
