import { randomBytes } from 'node:crypto';
import { Role, TEST_STATUS } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../app.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertQuestion, insertTest, insertTopic } from '../../test/catalogue.js';
import { FORBIDDEN } from '../../test/http.js';
import { hashToken } from '../auth/auth.service.js';
import type { AttemptsService } from './attempts.service.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field
type Json = any;

interface QuestionSpec {
  correct: 'A' | 'B' | 'C' | 'D' | 'E' | 'F';
  /** texts of A–F; missing ones are empty */
  variants?: string[];
}

/** `count` questions with variants A–D, all answered right by 'A' unless said otherwise. */
const questions = (count: number, correct: QuestionSpec['correct'] = 'A'): QuestionSpec[] =>
  Array.from({ length: count }, () => ({ correct }));

interface Fixture {
  t: TestApp;
  traineeId: number;
  planId: number;
  topicId: number;
  /** A test in the demo trainee's plan with these questions (in this order); answers its id and question ids. */
  makeTest(specs: QuestionSpec[], values?: Parameters<typeof insertTest>[4]): Promise<{ testId: number; questionIds: number[] }>;
  /** A bearer token for any person (a session written straight into the database). */
  tokenFor(userId: number): Promise<string>;
  /** A second trainee on the same plan, with a token. */
  otherTrainee(): Promise<{ id: number; token: string }>;
  call(token: string, method: InjectOptions['method'], url: string, payload?: object): Promise<{ status: number; body: Json; raw: string }>;
}

async function makeFixture(t: TestApp): Promise<Fixture> {
  const traineeId = await t.idOf(Role.Trainee);
  const { plan_id } = await t.db.selectFrom('users').select('plan_id').where('id', '=', traineeId).executeTakeFirstOrThrow();
  if (!plan_id) throw new Error('The demo trainee has no plan');
  const topicId = await insertTopic(t.db, plan_id, 'Тема для проверки тестирования', { position: 90 });
  let serial = 0;

  const tokenFor = async (userId: number) => {
    const token = randomBytes(32).toString('base64url');
    await t.db
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    return token;
  };

  return {
    t,
    traineeId,
    planId: plan_id,
    topicId,
    async makeTest(specs, values = {}) {
      serial += 1;
      const testId = await insertTest(t.db, plan_id, topicId, `Тест движка ${serial}`, { position: serial, ...values });
      const questionIds: number[] = [];
      for (const [position, spec] of specs.entries()) {
        const v = spec.variants ?? ['Первый', 'Второй', 'Третий', 'Четвёртый'];
        questionIds.push(
          await insertQuestion(t.db, testId, {
            text: `Вопрос ${position + 1}`,
            position,
            variant_a: v[0] ?? '',
            variant_b: v[1] ?? '',
            variant_c: v[2] ?? '',
            variant_d: v[3] ?? '',
            variant_e: v[4] ?? '',
            variant_f: v[5] ?? '',
            correct_answer: spec.correct,
          }),
        );
      }
      return { testId, questionIds };
    },
    tokenFor,
    async otherTrainee() {
      const row = await t.db
        .selectFrom('users')
        .select('id')
        .where('role_id', '=', Role.Trainee)
        .where('id', '!=', traineeId)
        .where('archived_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await t.db.updateTable('users').set({ plan_id }).where('id', '=', row.id).execute();
      return { id: row.id, token: await tokenFor(row.id) };
    },
    async call(token, method, url, payload) {
      const response = await t.app.inject({ method, url, payload, headers: bearer(token) });
      return { status: response.statusCode, body: response.json(), raw: response.body };
    },
  };
}

/** Moves an attempt's deadline (and start) `seconds` into the past, as if its time had run out. */
async function expireAttempt(t: TestApp, attemptId: number, seconds = 5) {
  await t.db
    .updateTable('attempts')
    .set({
      started_at: sql`now() - interval '2 hours'`,
      deadline_at: sql`now() - make_interval(secs => ${seconds})`,
    })
    .where('id', '=', attemptId)
    .execute();
}

/** Field names and values that would tell a trainee the correct answer. */
const REVEALING = /CorrectAnswer|correct_answer|is_correct|IsCorrect|"Correct"\s*:\s*true/i;

describe('testing engine', () => {
  let t: TestApp;
  let f: Fixture;
  let trainee: string;
  let admin: string;
  let teacher: string;
  let sweeper: AttemptsService;

  beforeAll(async () => {
    t = await createTestApp();
    f = await makeFixture(t);
    trainee = await t.tokenOf(Role.Trainee);
    admin = await t.tokenOf(Role.Admin);
    teacher = await t.tokenOf(Role.Teacher);
    // the app's own service runs on a timer; this one is called when a test wants the sweep now
    sweeper = createServices({ config: t.config, db: t.db }).attempts;
  });
  afterAll(() => t.close());

  const start = (testId: number, token = trainee) => f.call(token, 'POST', '/api/test/starttest', { TestID: testId });
  const questionsOf = (testId: number, token = trainee) => f.call(token, 'GET', `/api/questions/test:${testId}`);
  const answer = (testId: number, questionId: number, letter: string, token = trainee) =>
    f.call(token, 'POST', '/api/answer/new', { TestID: testId, QuestionID: questionId, UserAnswer: letter });
  const list = (token = trainee) => f.call(token, 'GET', '/api/exam/user/test');
  const itemOf = async (testId: number, token = trainee) => (await list(token)).body.data.find((x: { ID: number }) => x.ID === testId);
  const result = (testId: number, token = trainee) => f.call(token, 'GET', `/api/gettestresult?test=${testId}`);
  const attemptsOf = (testId: number) => t.db.selectFrom('attempts').selectAll().where('test_id', '=', testId).orderBy('id').execute();
  const answersOf = (attemptId: number) =>
    t.db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).orderBy('question_id').execute();

  describe('starting', () => {
    it('starts an attempt with the server’s deadline, and resumes it by either call without restarting', async () => {
      const { testId, questionIds } = await f.makeTest(questions(3), { duration_minutes: 20 });
      const first = await start(testId);
      expect(first.status).toBe(200);
      const state = first.body.data;
      expect(state).toMatchObject({ TestID: testId, Questions: 3, Answered: [], Finished: false, Result: null });
      expect(new Date(state.Deadline).getTime() - new Date(state.StartedAt).getTime()).toBe(20 * 60_000);
      expect(state.Remaining).toBeGreaterThan(20 * 60 - 5);
      expect(state.Remaining).toBeLessThanOrEqual(20 * 60);

      expect((await answer(testId, questionIds[0]!, 'A')).status).toBe(200);
      const again = await start(testId);
      expect(again.body.data).toMatchObject({ ID: state.ID, StartedAt: state.StartedAt, Deadline: state.Deadline });
      expect(again.body.data.Answered).toEqual([{ QuestionID: questionIds[0], UserAnswer: 'A' }]);
      const viaQuestions = await questionsOf(testId);
      expect(viaQuestions.status).toBe(200);
      expect(viaQuestions.body.attempt).toMatchObject({ ID: state.ID, Deadline: state.Deadline });
      const [attempt] = await attemptsOf(testId);
      expect([...(attempt?.question_order ?? [])].sort((a, b) => a - b)).toEqual(questionIds);
      expect(viaQuestions.body.data.map((q: { ID: number }) => q.ID)).toEqual(attempt?.question_order);
      expect(await attemptsOf(testId)).toHaveLength(1);
    });

    it('gives every attempt its own order of the questions, kept on reload', async () => {
      const { testId, questionIds } = await f.makeTest(questions(6));
      const people = [{ token: trainee }, ...(await Promise.all([1, 2, 3, 4, 5].map(() => f.otherTrainee())))];
      const orders = await Promise.all(
        people.map(async ({ token }) => (await questionsOf(testId, token)).body.data.map((q: { ID: number }) => q.ID)),
      );
      for (const order of orders) expect([...order].sort((a: number, b: number) => a - b)).toEqual(questionIds);
      // six people all in one of 720 orders by chance: about once in 10^14 runs
      expect(new Set(orders.map((order) => order.join())).size).toBeGreaterThan(1);
      const reloaded = await Promise.all(
        people.map(async ({ token }) => (await questionsOf(testId, token)).body.data.map((q: { ID: number }) => q.ID)),
      );
      expect(reloaded).toEqual(orders);
    });

    it('shows a change to the questions at the next start, the process keeping them meanwhile', async () => {
      const { testId, questionIds } = await f.makeTest(questions(2));
      const textOf = async (questionId: number) =>
        (await questionsOf(testId)).body.data.find((q: { ID: number }) => q.ID === questionId)?.QuestionText;
      const before = await textOf(questionIds[0]!);
      await t.db.updateTable('questions').set({ text: 'Исправленный текст' }).where('id', '=', questionIds[0]!).execute();
      expect(before).not.toBe('Исправленный текст');
      expect(await textOf(questionIds[0]!)).toBe('Исправленный текст');
      await t.db.updateTable('questions').set({ archived_at: new Date() }).where('id', '=', questionIds[1]!).execute();
      expect((await questionsOf(testId)).body.data.map((q: { ID: number }) => q.ID)).toEqual([questionIds[0]]);
    });

    it('starts by opening the questions too, and never restarts a finished attempt', async () => {
      const { testId, questionIds } = await f.makeTest(questions(2));
      const opened = await questionsOf(testId);
      expect(opened.status).toBe(200);
      const attemptId = opened.body.attempt.ID;
      for (const id of questionIds) expect((await answer(testId, id, 'A')).status).toBe(200);
      for (const call of [
        () => start(testId),
        async () => ({ ...(await questionsOf(testId)), body: { data: (await questionsOf(testId)).body.attempt } }),
      ]) {
        const response = await call();
        expect(response.status).toBe(200);
        expect(response.body.data).toMatchObject({ ID: attemptId, Finished: true, Remaining: 0 });
        expect(response.body.data.Result).toMatchObject({ Correct: 2, Questions: 2, Percent: 100, Passed: true });
      }
      expect(await attemptsOf(testId)).toHaveLength(1);
    });

    it('refuses a test outside the trainee’s plan (404), a test without questions, and the region role', async () => {
      const otherPlan = await t.db.insertInto('plans').values({ name: 'Чужой план' }).returning('id').executeTakeFirstOrThrow();
      const otherTopic = await t.db
        .insertInto('topics')
        .values({ plan_id: otherPlan.id, name: 'Чужая тема', type_id: 9, edu_type_id: 11 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const foreign = await t.db
        .insertInto('tests')
        .values({ plan_id: otherPlan.id, topic_id: otherTopic.id, name: 'Чужой тест' })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const response of [
        await start(foreign.id),
        await questionsOf(foreign.id),
        await f.call(trainee, 'GET', `/api/exam/gettest/${foreign.id}`),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ status: false, message: 'Тест не найден в вашем плане обучения' });
      }
      const empty = await f.makeTest([]);
      expect(await start(empty.testId)).toMatchObject({ status: 422, body: { message: 'В тесте пока нет вопросов' } });
      const region = await t.tokenOf(Role.Region);
      for (const response of [await start(empty.testId, region), await questionsOf(empty.testId, region), await list(region)]) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(FORBIDDEN);
      }
      for (const token of [admin, teacher]) {
        expect((await answer(empty.testId, 1, 'A', token)).status).toBe(403);
        expect((await list(token)).status).toBe(403);
      }
    });

    it('makes one attempt of 20 simultaneous starts, by either call', async () => {
      const { testId } = await f.makeTest(questions(3));
      const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? start(testId) : questionsOf(testId))));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
      const ids = new Set(responses.map((r) => (r.body.attempt ?? r.body.data).ID));
      expect(ids.size).toBe(1);
      expect(await attemptsOf(testId)).toHaveLength(1);
    });
  });

  describe('no correct answer reaches a trainee', () => {
    it('in the questions, the test details, the list, the answers and the results before the end', async () => {
      const { testId, questionIds } = await f.makeTest([
        { correct: 'B', variants: ['Один', 'Два', 'Три', 'Четыре'] },
        { correct: 'C', variants: ['Один', 'Два', 'Три', 'Четыре', 'Пять'] },
      ]);
      const bodies: string[] = [];
      const q = await questionsOf(testId);
      bodies.push(q.raw);
      expect(Object.keys(q.body.data[0]).sort()).toEqual(
        ['ID', 'Image', 'QuestionText', 'VariantA', 'VariantB', 'VariantC', 'VariantD', 'VariantE', 'VariantF'].sort(),
      );
      bodies.push((await start(testId)).raw);
      bodies.push((await f.call(trainee, 'GET', `/api/exam/gettest/${testId}`)).raw);
      bodies.push((await list()).raw);
      const wrong = await answer(testId, questionIds[0]!, 'A');
      expect(wrong.body.data).toMatchObject({ Answered: 1, Questions: 2, Finished: false, Result: null });
      bodies.push(wrong.raw);
      bodies.push((await answer(testId, questionIds[0]!, 'A')).raw);
      bodies.push((await result(testId)).raw);
      expect((await result(testId)).body).toEqual({ status: true, message: '', result: null });
      for (const body of bodies) expect(body).not.toMatch(REVEALING);
      // the item in the list says nothing of the running attempt's score
      const item = await itemOf(testId);
      expect(item).toMatchObject({ Status: TEST_STATUS.InProgress, Result: null, Percent: null, Passed: null, Analytics: [] });
    });

    it('while staff read the questions with the correct letters', async () => {
      const { testId } = await f.makeTest([{ correct: 'D' }, { correct: 'B' }]);
      for (const token of [admin, teacher, await t.tokenOf(Role.Examiner)]) {
        const response = await questionsOf(testId, token);
        expect(response.status).toBe(200);
        expect(response.body.attempt).toBeNull();
        expect(response.body.data.map((q: { CorrectAnswer: string }) => q.CorrectAnswer)).toEqual(['D', 'B']);
      }
      expect(await attemptsOf(testId)).toHaveLength(0);
      // staff keep the admin shape of one test
      const staff = await f.call(admin, 'GET', `/api/exam/gettest/${testId}`);
      expect(staff.body.data).toMatchObject({ ID: testId, PlanID: f.planId, TopicID: f.topicId, Questions: 2, Attempts: 0 });
    });
  });

  describe('answers', () => {
    it('accepts the same answer again and changes nothing; refuses a different one (409)', async () => {
      const { testId, questionIds } = await f.makeTest(questions(3));
      await start(testId);
      const first = await answer(testId, questionIds[0]!, 'B');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        status: true,
        message: 'Ответ сохранён',
        data: { QuestionID: questionIds[0], UserAnswer: 'B', Answered: 1, Questions: 3 },
      });
      const [attempt] = await attemptsOf(testId);
      const before = await answersOf(attempt!.id);
      const resent = await answer(testId, questionIds[0]!, 'b');
      expect(resent.status).toBe(200);
      expect(resent.body.data).toMatchObject({ UserAnswer: 'B', Answered: 1, Finished: false });
      const different = await answer(testId, questionIds[0]!, 'C');
      expect(different.status).toBe(409);
      expect(different.body).toEqual({ status: false, message: 'На этот вопрос уже дан другой ответ: первый ответ окончательный' });
      expect(await answersOf(attempt!.id)).toEqual(before);
      expect((await attemptsOf(testId))[0]).toMatchObject({ finished_at: null, correct_count: 0 });
    });

    it('refuses an answer to a question of another test, to an empty variant, and a letter that is no letter', async () => {
      const { testId, questionIds } = await f.makeTest([
        { correct: 'A', variants: ['Да', 'Нет', 'Не знаю', 'Возможно'] },
        { correct: 'A' },
      ]);
      const other = await f.makeTest(questions(1));
      await start(testId);
      const foreign = await answer(testId, other.questionIds[0]!, 'A');
      expect(foreign).toMatchObject({ status: 422, body: { status: false, message: 'Этот вопрос не относится к тесту' } });
      const empty = await answer(testId, questionIds[0]!, 'E');
      expect(empty).toMatchObject({ status: 422, body: { message: 'У этого вопроса нет варианта E' } });
      const english = await f.t.app.inject({
        method: 'POST',
        url: '/api/answer/new',
        payload: { TestID: testId, QuestionID: questionIds[0], UserAnswer: 'F' },
        headers: { authorization: `Bearer ${trainee}`, 'accept-language': 'kk' },
      });
      expect(english.json()).toEqual({ status: false, message: 'Бұл сұрақта F нұсқасы жоқ' });
      const bad = await answer(testId, questionIds[0]!, 'G');
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual([{ path: 'UserAnswer', message: 'Ответ — одна из букв A, B, C, D, E, F' }]);
      // Cyrillic look-alikes name the Latin letter
      expect((await answer(testId, questionIds[1]!, 'А')).body.data.UserAnswer).toBe('A');
      const [attempt] = await attemptsOf(testId);
      expect(await answersOf(attempt!.id)).toHaveLength(1);
    });

    it('refuses answers without a running attempt of the caller: another trainee’s test run, none started', async () => {
      const { testId, questionIds } = await f.makeTest(questions(2));
      const other = await f.otherTrainee();
      const notStarted = await answer(testId, questionIds[0]!, 'A');
      expect(notStarted).toMatchObject({ status: 422, body: { message: 'Тест не начат или уже завершён' } });
      await start(testId, other.token);
      // the demo trainee has no attempt of their own: the other one's attempt is out of reach
      expect((await answer(testId, questionIds[0]!, 'A')).status).toBe(422);
      const [attempt] = await attemptsOf(testId);
      expect(attempt!.user_id).toBe(other.id);
      expect(await answersOf(attempt!.id)).toHaveLength(0);
      expect((await answer(testId, questionIds[0]!, 'A', other.token)).status).toBe(200);
    });

    it('refuses an answer after the deadline, and closes and scores the attempt then', async () => {
      const { testId, questionIds } = await f.makeTest(questions(4), { pass_marks: 20 });
      await start(testId);
      expect((await answer(testId, questionIds[0]!, 'A')).status).toBe(200);
      const [attempt] = await attemptsOf(testId);
      await expireAttempt(t, attempt!.id);
      const late = await answer(testId, questionIds[1]!, 'A');
      expect(late).toMatchObject({ status: 422, body: { status: false, message: 'Время теста истекло' } });
      const [closed] = await attemptsOf(testId);
      expect(closed).toMatchObject({ correct_count: 1, question_count: 4, passed: true });
      expect(closed!.finished_at).not.toBeNull();
      expect(await answersOf(attempt!.id)).toHaveLength(1);
      // the answer stored before the deadline, re-sent, is still acknowledged
      expect((await answer(testId, questionIds[0]!, 'A')).body.data).toMatchObject({ Finished: true, Result: { Correct: 1, Percent: 25 } });
      // and the attempt is not restarted
      expect((await start(testId)).body.data).toMatchObject({ ID: attempt!.id, Finished: true });
    });

    it('stores an answer sent 20 times at once once, and counts it once', async () => {
      const { testId, questionIds } = await f.makeTest(questions(3));
      await start(testId);
      const responses = await Promise.all(Array.from({ length: 20 }, () => answer(testId, questionIds[0]!, 'A')));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
      const [attempt] = await attemptsOf(testId);
      expect(await answersOf(attempt!.id)).toHaveLength(1);
      expect(attempt).toMatchObject({ finished_at: null });
    });

    it('scores the attempt once when its answers arrive at once, and refuses a different answer raced with the first', async () => {
      const { testId, questionIds } = await f.makeTest([
        { correct: 'A' },
        { correct: 'B' },
        { correct: 'C' },
        { correct: 'D' },
        { correct: 'A' },
      ]);
      await start(testId);
      const racing = await Promise.all(questionIds.flatMap((id) => [answer(testId, id, 'A'), answer(testId, id, 'B')]));
      const statuses = racing.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(5).fill(200), ...Array(5).fill(409)]);
      const [attempt] = await attemptsOf(testId);
      const stored = await answersOf(attempt!.id);
      expect(stored).toHaveLength(5);
      const correct = stored.filter((a) => a.is_correct).length;
      expect(attempt).toMatchObject({ correct_count: correct, passed: correct > 0 });
      expect(attempt!.finished_at).not.toBeNull();
      expect(racing.filter((r) => r.body.data?.Finished)).toHaveLength(1);
    });
  });

  describe('scoring', () => {
    it('exactly the pass mark is not passed; one more right answer passes', async () => {
      const at = await f.makeTest(questions(4), { pass_marks: 50 });
      await start(at.testId);
      const letters = ['A', 'A', 'B', 'B'];
      let last: Awaited<ReturnType<typeof answer>> | undefined;
      for (const [i, id] of at.questionIds.entries()) last = await answer(at.testId, id, letters[i]!);
      expect(last!.body).toMatchObject({ message: 'Тест завершён', data: { Finished: true, Answered: 4, Remaining: 0 } });
      expect(last!.body.data.Result).toMatchObject({
        Correct: 2,
        Questions: 4,
        Percent: 50,
        PassMarks: 50,
        Passed: false,
        Status: 'Не пройден',
      });
      expect((await result(at.testId)).body.result).toEqual(last!.body.data.Result);
      expect(await itemOf(at.testId)).toMatchObject({ Status: 'Не пройден', Result: 2, Percent: 50, Passed: false, Available: false });

      const above = await f.makeTest(questions(4), { pass_marks: 50 });
      await start(above.testId);
      for (const [i, id] of above.questionIds.entries()) last = await answer(above.testId, id, i < 3 ? 'A' : 'B');
      expect(last!.body.data.Result).toMatchObject({ Correct: 3, Percent: 75, Passed: true, Status: 'Пройден' });
      const item = await itemOf(above.testId);
      expect(item).toMatchObject({ Status: 'Пройден', Result: 3, Percent: 75, Passed: true, Questions: 4 });
      expect(item.Analytics).toEqual([{ Number: 90, Name: 'Тема для проверки тестирования', Percent: 75 }]);
    });

    it('counts unanswered questions as wrong and rounds the percent to two decimals', async () => {
      const { testId, questionIds } = await f.makeTest(questions(3), { pass_marks: 33 });
      await start(testId);
      await answer(testId, questionIds[0]!, 'A');
      const [attempt] = await attemptsOf(testId);
      await expireAttempt(t, attempt!.id);
      const response = await result(testId);
      expect(response.body.result).toMatchObject({ Correct: 1, Questions: 3, Percent: 33.33, Passed: true, PassMarks: 33 });
    });

    it('keeps the pass mark and question count the attempt started with', async () => {
      const { testId, questionIds } = await f.makeTest(questions(2), { pass_marks: 40 });
      await start(testId);
      await t.db.updateTable('tests').set({ pass_marks: 90 }).where('id', '=', testId).execute();
      await answer(testId, questionIds[0]!, 'A');
      const last = await answer(testId, questionIds[1]!, 'B');
      expect(last.body.data.Result).toMatchObject({ Percent: 50, PassMarks: 40, Passed: true });
    });
  });

  describe('attempts left running', () => {
    it('are closed and scored by the server’s sweep', async () => {
      const { testId, questionIds } = await f.makeTest(questions(2), { pass_marks: 0 });
      await start(testId);
      await answer(testId, questionIds[0]!, 'A');
      const [attempt] = await attemptsOf(testId);
      await expireAttempt(t, attempt!.id, 60);
      expect(await sweeper.closeExpired()).toBeGreaterThanOrEqual(1);
      const [closed] = await attemptsOf(testId);
      expect(closed).toMatchObject({ correct_count: 1, passed: true });
      expect(new Date(closed!.finished_at!).getTime()).toBe(new Date(closed!.deadline_at).getTime());
      expect(await sweeper.closeExpired()).toBe(0);
    });

    it('are closed on any read, without waiting for the sweep', async () => {
      const reads: Record<string, (testId: number) => Promise<{ status: number }>> = {
        list: () => list(),
        result: (testId) => result(testId),
        starttest: (testId) => start(testId),
        gettest: (testId) => f.call(trainee, 'GET', `/api/exam/gettest/${testId}`),
        questions: (testId) => questionsOf(testId),
      };
      for (const [name, read] of Object.entries(reads)) {
        const { testId, questionIds } = await f.makeTest(questions(2), { pass_marks: 0 });
        await start(testId);
        await answer(testId, questionIds[1]!, 'B');
        const [attempt] = await attemptsOf(testId);
        await expireAttempt(t, attempt!.id);
        expect((await read(testId)).status, name).toBe(200);
        const [closed] = await attemptsOf(testId);
        expect(closed!.finished_at, name).not.toBeNull();
        expect(closed, name).toMatchObject({ correct_count: 0, passed: false });
      }
    });
  });

  describe('the trainee’s list and test details', () => {
    it('lists the plan’s tests in order with status, remaining time and the details screen’s shape', async () => {
      const { testId } = await f.makeTest(questions(2), { duration_minutes: 15, pass_marks: 60, description: 'Описание' });
      const before = await list();
      expect(before.status).toBe(200);
      const ids = before.body.data.map((x: { ID: number }) => x.ID);
      // the demo plan's six tests come first (their topics sort before ours)
      expect(ids.length).toBeGreaterThanOrEqual(7);
      expect(ids.indexOf(testId)).toBeGreaterThan(5);
      expect(before.body.data.find((x: { ID: number }) => x.ID === testId)).toEqual({
        ID: testId,
        Test: expect.stringMatching(/^Тест движка/),
        Name: expect.stringMatching(/^Тест движка/),
        Topic: 'Тема для проверки тестирования',
        TopicID: f.topicId,
        Description: 'Описание',
        Duration: 15,
        Passmarks: 60,
        PassMarks: 60,
        Questions: 2,
        Type: false,
        Date: null,
        Status: 'Ожидается',
        Available: true,
        AttemptID: null,
        Deadline: null,
        Remaining: null,
        Result: null,
        Percent: null,
        Passed: null,
        Analytics: [],
      });
      const started = (await start(testId)).body.data;
      expect(await itemOf(testId)).toMatchObject({
        Status: 'В процессе',
        Available: true,
        AttemptID: started.ID,
        Date: started.StartedAt,
        Deadline: started.Deadline,
      });
      expect((await itemOf(testId)).Remaining).toBeGreaterThan(15 * 60 - 5);
      const details = await f.call(trainee, 'GET', `/api/exam/gettest/${testId}`);
      expect(details.body.data).toMatchObject({
        ID: testId,
        Description: 'Описание',
        Plan: { Name: expect.any(String) },
        Topic: { Name: 'Тема для проверки тестирования' },
        PassMarks: 60,
        Duration: 15,
        Questions: 2,
        Type: false,
        Status: 'В процессе',
        Available: true,
        Date: started.StartedAt,
        Deadline: started.Deadline,
      });
    });
  });

  describe('webinar tests', () => {
    it('open when staff start them, for everyone, with one shared deadline', async () => {
      const { testId, questionIds } = await f.makeTest(questions(2), { is_webinar: true, duration_minutes: 30 });
      expect((await list()).body.data.some((x: { ID: number }) => x.ID === testId)).toBe(false);
      expect(await start(testId)).toMatchObject({ status: 422, body: { message: 'Тест ещё не открыт преподавателем' } });

      // the teacher opens it in their webinar on the test's topic while it is in progress (the webinars module's rule)
      await t.db
        .insertInto('webinars')
        .values({
          name: 'Вебинар движка',
          plan_id: f.planId,
          topic_id: f.topicId,
          teacher_id: await t.idOf(Role.Teacher),
          begin_time: sql`now() - interval '5 minutes'`,
          duration_minutes: 60,
        })
        .execute();
      const opened = await start(testId, teacher);
      expect(opened.status).toBe(200);
      expect(opened.body.message).toBe('Тест открыт для слушателей');
      const { OpenedAt, Deadline } = opened.body.data;
      expect(new Date(Deadline).getTime() - new Date(OpenedAt).getTime()).toBe(30 * 60_000);
      // opening again while it runs keeps the first opening
      expect((await start(testId, admin)).body.data.OpenedAt).toBe(OpenedAt);
      expect(await itemOf(testId)).toMatchObject({ Type: true, Status: 'Ожидается', Available: true });

      await t.db.updateTable('tests').set({ opened_at: sql`now() - interval '10 minutes'` }).where('id', '=', testId).execute();
      const other = await f.otherTrainee();
      const mine = (await start(testId)).body.data;
      const theirs = (await questionsOf(testId, other.token)).body.attempt;
      expect(mine.Deadline).toBe(theirs.Deadline);
      expect(mine.Remaining).toBeLessThanOrEqual(20 * 60);
      expect(mine.Remaining).toBeGreaterThan(20 * 60 - 5);
      expect((await answer(testId, questionIds[0]!, 'A')).status).toBe(200);

      // once its time is over nobody new can start it
      await t.db.updateTable('tests').set({ opened_at: sql`now() - interval '31 minutes'` }).where('id', '=', testId).execute();
      const third = await t.db
        .selectFrom('users')
        .select('id')
        .where('role_id', '=', Role.Trainee)
        .where('id', 'not in', [f.traineeId, other.id])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await t.db.updateTable('users').set({ plan_id: f.planId }).where('id', '=', third.id).execute();
      const thirdToken = await f.tokenFor(third.id);
      expect(await start(testId, thirdToken)).toMatchObject({ status: 422, body: { message: 'Время теста истекло' } });
      expect(await itemOf(testId, thirdToken)).toMatchObject({ Status: 'Ожидается', Available: false });
    });

    it('a plan’s own test needs no opening: staff get 422; an unknown test 404', async () => {
      const { testId } = await f.makeTest(questions(1));
      expect(await start(testId, teacher)).toMatchObject({ status: 422, body: { message: 'Открыть для всех можно только тест вебинара' } });
      expect((await start(99_999, admin)).status).toBe(404);
      expect((await questionsOf(99_999, admin)).status).toBe(404);
    });
  });

  describe('retakes', () => {
    it('read “Пересдача” until used, open a new attempt from their date, and are used once', async () => {
      const { testId, questionIds } = await f.makeTest(questions(2), { pass_marks: 60 });
      await start(testId);
      await answer(testId, questionIds[0]!, 'B');
      await answer(testId, questionIds[1]!, 'B');
      const [failed] = await attemptsOf(testId);
      expect(failed!.passed).toBe(false);

      const adminId = await t.idOf(Role.Admin);
      const retake = await t.db
        .insertInto('retakes')
        .values({ user_id: f.traineeId, test_id: testId, available_from: sql`now() + interval '1 day'`, created_by: adminId })
        .returning(['id', 'available_from'])
        .executeTakeFirstOrThrow();
      const waiting = await itemOf(testId);
      expect(waiting).toMatchObject({
        Status: 'Пересдача',
        Available: false,
        Date: new Date(retake.available_from).toISOString(),
        Result: 0,
      });
      // the testing screen's card tells the same, so it can say when the retake opens
      expect((await f.call(trainee, 'GET', `/api/exam/gettest/${testId}`)).body.data).toMatchObject({
        Status: 'Пересдача',
        Available: false,
        Date: waiting.Date,
      });
      expect(await start(testId)).toMatchObject({
        status: 422,
        body: { message: 'Пересдача ещё не началась: тест откроется в назначенное время' },
      });

      await t.db.updateTable('retakes').set({ available_from: sql`now() - interval '1 minute'` }).where('id', '=', retake.id).execute();
      expect(await itemOf(testId)).toMatchObject({ Status: 'Пересдача', Available: true });
      const responses = await Promise.all(Array.from({ length: 10 }, () => questionsOf(testId)));
      expect(new Set(responses.map((r) => r.body.attempt.ID)).size).toBe(1);
      const second = responses[0]!.body.attempt;
      expect(second).toMatchObject({ Finished: false, Answered: [] });
      expect(second.ID).not.toBe(failed!.id);
      const rows = await attemptsOf(testId);
      expect(rows.map((r) => r.retake_id)).toEqual([null, retake.id]);
      expect(await itemOf(testId)).toMatchObject({ Status: 'В процессе', AttemptID: second.ID, Result: 0 });

      for (const id of questionIds) await answer(testId, id, 'A');
      expect(await itemOf(testId)).toMatchObject({ Status: 'Пройден', Result: 2, Percent: 100 });
      expect((await start(testId)).body.data).toMatchObject({ ID: second.ID, Finished: true });
      expect(await attemptsOf(testId)).toHaveLength(2);
    });

    it('are used earliest first, each by one attempt', async () => {
      const { testId, questionIds } = await f.makeTest(questions(1));
      const finish = async () => {
        await start(testId);
        await answer(testId, questionIds[0]!, 'B');
      };
      await finish();
      const adminId = await t.idOf(Role.Admin);
      const grant = async (minutesAgo: number) =>
        (
          await t.db
            .insertInto('retakes')
            .values({
              user_id: f.traineeId,
              test_id: testId,
              available_from: sql`now() - make_interval(mins => ${minutesAgo})`,
              created_by: adminId,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const later = await grant(1);
      const earlier = await grant(10);
      await finish();
      await finish();
      expect((await start(testId)).body.data).toMatchObject({ Finished: true });
      expect((await attemptsOf(testId)).map((r) => r.retake_id)).toEqual([null, earlier, later]);
    });
  });

  describe('OpenAPI', () => {
    it('documents every call of the engine with its result shape', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const ok = (path: string, method: string) => doc.paths[path]?.[method]?.responses?.['200']?.content?.['application/json']?.schema;
      expect(ok('/api/exam/user/test', 'get').properties.data.items.properties).toHaveProperty('Analytics');
      expect(ok('/api/test/starttest', 'post')).toBeTruthy();
      expect(ok('/api/questions/test:{id}', 'get').properties).toHaveProperty('attempt');
      expect(ok('/api/answer/new', 'post').properties.data.properties).toHaveProperty('Finished');
      const resultSchema = ok('/api/gettestresult', 'get').properties.result;
      expect(JSON.stringify(resultSchema)).toContain('PassMarks');
      expect(ok('/api/exam/gettest/{id}', 'get')).toBeTruthy();
    });
  });
});
