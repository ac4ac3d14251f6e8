import { errorResponses } from '@oqu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forSection } from '../../plugins/access.js';
import type { BenchRepository } from './bench.repository.js';

const benchAnswer = z.object({
  QuestionID: z.number().int().positive(),
  TestID: z.number().int().positive(),
  UserAnswer: z.enum(['A', 'B', 'C', 'D', 'E', 'F']),
});

/**
 * The baseline of `bench/exam-burst`, registered only with BENCH_ROUTES=true: a trainee's request
 * shaped like an answer that is signed in, validated, and upserts one row, nothing else.
 */
export const benchRoutes: FastifyPluginAsyncZod<{ bench: BenchRepository }> = async (app, { bench }) => {
  await bench.ensureTable();
  app.post(
    '/api/bench/answer',
    {
      config: forSection('learnerTests'),
      schema: {
        hide: true,
        tags: ['system'],
        summary: 'Benchmark baseline: upserts one row',
        body: benchAnswer,
        response: {
          200: z.object({ status: z.literal(true), message: z.string(), data: benchAnswer.pick({ QuestionID: true, UserAnswer: true }) }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      await bench.upsert(request.user.id, request.body.QuestionID, request.body.UserAnswer);
      return { status: true as const, message: '', data: { QuestionID: request.body.QuestionID, UserAnswer: request.body.UserAnswer } };
    },
  );
};
