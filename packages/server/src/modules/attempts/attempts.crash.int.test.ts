import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/app.js';
import { freePort, type ServerProcess, signInOver, startServerProcess, stopServerProcess } from '../../test/server-process.js';

/**
 * The real server, killed (SIGKILL) in the middle of a burst of answers and started again on the same
 * database: every answer it acknowledged is there, and the attempt resumes with its deadline unchanged.
 * PostgreSQL when DATABASE_URL is set (a database of its own), else PGlite on disk in DATA_DIR.
 */

const QUESTIONS = 60;

describe('an answer acknowledged is never lost', () => {
  let dataDir: string;
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let port: number;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-crash-'));
    port = await freePort();
    const scratch = await createScratchDatabase('oqu_crash');
    if (scratch) {
      databaseUrl = scratch.url;
      dropDatabase = scratch.drop;
    }
  });

  afterAll(async () => {
    await stopServerProcess(server, 'SIGKILL');
    await dropDatabase();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function startServer() {
    // the default wait: a first start on PGlite on disk migrates and seeds the demo, slow on a busy machine
    server = await startServerProcess({ port, databaseUrl, dataDir });
    return server;
  }

  const base = () => `http://127.0.0.1:${port}`;

  async function call(token: string, method: string, url: string, body?: object) {
    const response = await fetch(`${base()}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: await response.json() };
  }

  const signIn = (role: number) => signInOver(base(), role);

  it('keeps every acknowledged answer through a SIGKILL and resumes the attempt with the same deadline', { timeout: 180_000 }, async () => {
    const first = await startServer();
    const [admin, trainee] = await Promise.all([signIn(Role.Admin), signIn(Role.Trainee)]);

    // a long test in the trainee's plan, made through the API
    const plan = (await call(trainee, 'GET', '/api/userinfo')).body.data.Plans[0].ID as number;
    const topic = (await call(trainee, 'GET', '/api/subject/plantopics')).body.data[0].ID as number;
    const created = await call(admin, 'POST', '/api/exam/newtest', { Name: 'Долгий тест', PlanID: plan, TopicID: topic, Duration: 30 });
    expect(created.status).toBe(200);
    const testId = created.body.data.ID as number;
    for (let i = 0; i < QUESTIONS; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          call(admin, 'POST', '/api/question/new', {
            TestID: testId,
            QuestionText: `Вопрос ${i + j + 1}`,
            Position: i + j,
            VariantA: 'Да',
            VariantB: 'Нет',
            VariantC: 'Иногда',
            VariantD: 'Никогда',
            CorrectAnswer: 'A',
          }),
        ),
      );
    }

    const started = await call(trainee, 'POST', '/api/test/starttest', { TestID: testId });
    expect(started.status).toBe(200);
    const attempt = started.body.data;
    expect(attempt.Questions).toBe(QUESTIONS);
    const questionIds = ((await call(trainee, 'GET', `/api/questions/test:${testId}`)).body.data as { ID: number }[]).map((q) => q.ID);
    expect(questionIds).toHaveLength(QUESTIONS);

    // a burst of answers, 8 at a time; the server is killed once some have been acknowledged
    const acknowledged = new Map<number, string>();
    let killed: Promise<void> | undefined;
    const letters = ['A', 'B', 'C', 'D'];
    let next = 0;
    const sender = async () => {
      while (next < questionIds.length) {
        const questionId = questionIds[next]!;
        const letter = letters[next % 4]!;
        next += 1;
        try {
          const response = await call(trainee, 'POST', '/api/answer/new', { TestID: testId, QuestionID: questionId, UserAnswer: letter });
          if (response.status === 200) acknowledged.set(questionId, letter);
          else throw new Error(`Answer refused: ${response.status} ${JSON.stringify(response.body)}`);
        } catch (error) {
          if (!killed) throw error;
          return; // the server is gone: this answer was never acknowledged
        }
        if (acknowledged.size >= 20 && !killed) killed = stopServerProcess(first, 'SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    await killed;
    expect(first.child.exitCode ?? first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(20);
    expect(acknowledged.size).toBeLessThan(QUESTIONS);
    // answers were on their way when it died
    expect(next).toBeGreaterThan(acknowledged.size);

    await startServer();
    const resumed = await call(trainee, 'GET', `/api/questions/test:${testId}`);
    expect(resumed.status).toBe(200);
    const state = resumed.body.attempt;
    expect(state).toMatchObject({ ID: attempt.ID, StartedAt: attempt.StartedAt, Deadline: attempt.Deadline, Finished: false });
    const stored = new Map((state.Answered as { QuestionID: number; UserAnswer: string }[]).map((a) => [a.QuestionID, a.UserAnswer]));
    for (const [questionId, letter] of acknowledged) expect(stored.get(questionId), `question ${questionId}`).toBe(letter);
    const expectedRemaining = (new Date(attempt.Deadline).getTime() - Date.now()) / 1000;
    expect(Math.abs(state.Remaining - expectedRemaining)).toBeLessThanOrEqual(3);

    // the attempt goes on where it stopped, its tally matching the stored answers
    const unanswered = questionIds.find((id) => !stored.has(id))!;
    const more = await call(trainee, 'POST', '/api/answer/new', { TestID: testId, QuestionID: unanswered, UserAnswer: 'A' });
    expect(more.status).toBe(200);
    expect(more.body.data).toMatchObject({ Answered: stored.size + 1, Questions: QUESTIONS, Finished: false });
    await stopServerProcess(server, 'SIGKILL');
  });
});
