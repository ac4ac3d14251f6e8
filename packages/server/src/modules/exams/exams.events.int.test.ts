import type { AddressInfo } from 'node:net';
import { Role } from '@oqu/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertAttempt, insertQuestion } from '../../test/catalogue.js';
import { createExam, type ExamWorld, examForm, examWorld } from '../../test/exams.js';
import { EventStreamClient, sessionFor } from '../../test/rooms.js';

const ROOMS = '/api/exam/events';

describe('the exam room’s event stream', () => {
  let t: TestApp;
  let w: ExamWorld;
  let base: string;
  let examId: number;
  let clients: EventStreamClient[] = [];

  const open = async (token?: string, id = examId) => {
    const client = await EventStreamClient.open(base, id, token, ROOMS);
    clients.push(client);
    return client;
  };
  const post = async (url: string, token: string, body?: object) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  beforeAll(async () => {
    t = await createTestApp();
    w = await examWorld(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    examId = await createExam(t, examForm(w));
  });
  afterEach(() => {
    for (const client of clients) client.close();
    clients = [];
  });
  afterAll(() => t.close());

  it('lets the exam’s region accounts, examiners and administrators in, no one else', async () => {
    const region = await open(w.west.token);
    expect(region.status).toBe(200);
    expect(region.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(region.comments[0]).toBe('ready');
    expect((await open(w.examiner.token)).status).toBe(200);
    expect((await open(await t.tokenOf(Role.Admin))).status).toBe(200);

    const otherExam = await createExam(t, examForm(w, { Regions: [w.east.id], Examenators: [w.second.id] }));
    expect((await open(w.west.token, otherExam)).status).toBe(404);
    expect((await open(w.examiner.token, otherExam)).status).toBe(404);
    expect((await open(await t.tokenOf(Role.Trainee))).status).toBe(403);
    expect((await open(await t.tokenOf(Role.Teacher))).status).toBe(403);
    expect((await open()).status).toBe(401);
  });

  it('tells a region’s room a participant’s results when they finish an attempt', async () => {
    const questionId = await insertQuestion(t.db, w.tests[0] as number);
    const region = await open(w.west.token);
    const cat = await sessionFor(t.db, w.people.cat.id);
    expect((await post('/api/test/starttest', cat, { TestID: w.tests[0] })).status).toBe(200);
    const answered = await post('/api/answer/new', cat, { TestID: w.tests[0], QuestionID: questionId, UserAnswer: 'A' });
    expect(answered.status).toBe(200);
    expect((await answered.json()).data.Finished).toBe(true);
    const event = await region.next<{ UserID: number; Results: unknown }>('results', (d) => d.UserID === w.people.cat.id);
    expect(event.data.Results).toEqual({ Passed: 1, Total: 3 });
  });

  it('tells the room of results scored when an attempt’s time ran out', async () => {
    const region = await open(w.east.token);
    // a running attempt past its deadline: the sweep closes and scores it
    await insertAttempt(t.db, w.people.bob.id, w.tests[1] as number, {
      finished_at: null,
      passed: null,
      deadline_at: new Date(Date.now() - 1000),
    });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/exam/user/test',
      headers: { authorization: `Bearer ${await sessionFor(t.db, w.people.bob.id)}` },
    });
    expect(read.statusCode).toBe(200);
    const event = await region.next<{ UserID: number }>('results', (d) => d.UserID === w.people.bob.id);
    expect(event.data).toEqual({ UserID: w.people.bob.id, Results: { Passed: 0, Total: 3 }, RegionID: w.east.id });
  });

  it('tells a region account its own trainees’ results only, the examiners everyone’s', async () => {
    const west = await open(w.west.token);
    const east = await open(w.east.token);
    const examiner = await open(w.examiner.token);
    type Results = { UserID: number };
    const heard = (stream: EventStreamClient) => stream.events.filter((e) => e.type === 'results').map((e) => (e.data as Results).UserID);
    // each attempt's time ran out; reading the test list scores it and the rooms hear the result
    const scored = async (person: { id: number }, testId: number) => {
      const before = examiner.events.length;
      await insertAttempt(t.db, person.id, testId, { finished_at: null, passed: null, deadline_at: new Date(Date.now() - 1000) });
      const token = await sessionFor(t.db, person.id);
      const read = await t.app.inject({ method: 'GET', url: '/api/exam/user/test', headers: { authorization: `Bearer ${token}` } });
      expect(read.statusCode).toBe(200);
      // the examiners hear every region: once they heard it, every stream was sent it (or spared it)
      await examiner.next<Results>('results', (d) => d.UserID === person.id, 5000, before);
    };
    await scored(w.people.cat, w.tests[2] as number); // west
    await scored(w.people.ann, w.tests[2] as number); // east
    await scored(w.people.cat, w.tests[1] as number); // west again
    await east.next<Results>('results', (d) => d.UserID === w.people.ann.id);
    await west.until(() => heard(west).length >= 2, 5000, 'both of Cat’s results');
    expect(heard(east)).toEqual([w.people.ann.id]);
    expect(heard(west)).toEqual([w.people.cat.id, w.people.cat.id]);
    expect(heard(examiner)).toEqual([w.people.cat.id, w.people.ann.id, w.people.cat.id]);
  });

  it('tells the room of votes and of the exam’s completion', async () => {
    const examiner = await open(w.examiner.token);
    const region = await open(w.west.token);
    const voted = await post('/api/examenatorcheck', w.second.token, { Data: [{ ExamID: examId, UserID: w.people.cat.id, Vote: 'true' }] });
    expect(voted.status).toBe(200);
    expect((await examiner.next('votes')).data).toEqual({ ExamenatorID: w.second.id });
    expect((await post(`/api/exam/complete/id:${examId}`, w.examiner.token)).status).toBe(200);
    const status = await region.next<{ Status: string; EndedAt: string }>('status');
    expect(status.data.Status).toBe('Завершен');
    expect(status.data.EndedAt).toEqual(expect.any(String));
  });

  it('ends a session’s oldest stream past EVENT_STREAMS_PER_SESSION', async () => {
    const token = await sessionFor(t.db, w.east.id);
    const streams = [];
    for (let i = 0; i < t.config.EVENT_STREAMS_PER_SESSION; i++) streams.push(await open(token));
    const oldest = streams[0] as EventStreamClient;
    expect(oldest.ended).toBe(false);
    await open(token);
    await oldest.until(() => oldest.ended, 5000, 'the end of the oldest stream');
    expect(oldest.retry).toBe(30_000);
    expect(streams.slice(1).every((s) => !s.ended)).toBe(true);
  });

  it('ends the stream when its session ends', async () => {
    const token = await sessionFor(t.db, w.west.id);
    const region = await open(token);
    expect((await post('/api/user/logout', token)).status).toBe(200);
    await region.until(() => region.ended, 5000, 'the end of the stream');
  });
});
