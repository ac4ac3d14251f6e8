import { PAGE_SIZE, Role, UNPAGED_MAX_ROWS } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/app.js';

/**
 * The lists the spec calls unpaged (`/api/getplanandtopics`, `/problem/get`, `/api/web/teacherweb`,
 * `/api/web/getuserweb`): with `?page=` they answer a page in the spec's `pages` shape; without it
 * the old `data` alone, never more than UNPAGED_MAX_ROWS rows.
 */
describe('lists the spec calls unpaged (paging)', () => {
  const MORE = UNPAGED_MAX_ROWS + 7;
  let t: TestApp;
  let lists: { name: string; url: string; token: string; total: number }[];

  beforeAll(async () => {
    t = await createTestApp();
    const [teacherId, traineeId] = await Promise.all([t.idOf(Role.Teacher), t.idOf(Role.Trainee)]);
    const { plan_id: planId } = await t.db.selectFrom('users').select('plan_id').where('id', '=', traineeId).executeTakeFirstOrThrow();
    if (planId === null) throw new Error('The demo trainee follows no plan');
    const topic = await t.db.selectFrom('topics').select('id').where('plan_id', '=', planId).executeTakeFirstOrThrow();

    await t.db
      .insertInto('plans')
      .values(Array.from({ length: MORE }, (_, i) => ({ name: `Курс ${String(i).padStart(4, '0')}` })))
      .execute();
    const webinars = await t.db
      .insertInto('webinars')
      .values(
        Array.from({ length: MORE }, (_, i) => ({
          name: `Вебинар ${i}`,
          plan_id: planId,
          topic_id: topic.id,
          teacher_id: teacherId,
          begin_time: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000),
          duration_minutes: 45,
        })),
      )
      .returning('id')
      .execute();
    await t.db
      .insertInto('problems')
      .values(webinars.map((webinar, i) => ({ webinar_id: webinar.id, user_id: traineeId, question_text: `Вопрос ${i}` })))
      .execute();

    const count = async (table: 'plans' | 'problems') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const live = t.db
      .selectFrom('webinars')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('archived_at', 'is', null);
    const taught = Number((await live.where('teacher_id', '=', teacherId).executeTakeFirstOrThrow()).n);
    const ofPlan = Number((await live.where('plan_id', '=', planId).executeTakeFirstOrThrow()).n);
    const [admin, teacher, trainee] = await Promise.all([t.tokenOf(Role.Admin), t.tokenOf(Role.Teacher), t.tokenOf(Role.Trainee)]);
    lists = [
      { name: 'plans with topics', url: '/api/getplanandtopics', token: admin, total: await count('plans') },
      { name: 'every question thread (administrator)', url: '/problem/get', token: admin, total: await count('problems') },
      { name: 'the teacher’s webinars', url: '/api/web/teacherweb', token: teacher, total: taught },
      { name: 'the trainee’s webinars', url: '/api/web/getuserweb', token: trainee, total: ofPlan },
    ];
  }, 60_000);
  afterAll(() => t.close());

  const get = async (url: string, token: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { statusCode: response.statusCode, body: response.json() };
  };
  const ids = (body: { data: { ID: number }[] }) => body.data.map((row) => row.ID);

  it('answer the old shape without a page, capped at the documented maximum', async () => {
    for (const list of lists) {
      expect(list.total, list.name).toBeGreaterThan(UNPAGED_MAX_ROWS);
      const { statusCode, body } = await get(list.url, list.token);
      expect(statusCode, list.name).toBe(200);
      expect(Object.keys(body).sort(), list.name).toEqual(['data', 'message', 'status']);
      expect(body.data, list.name).toHaveLength(UNPAGED_MAX_ROWS);
      expect(new Set(ids(body)).size, list.name).toBe(UNPAGED_MAX_ROWS);
    }
  });

  it('answer a page with pages and total when ?page= is given, in the same order as the whole list', async () => {
    for (const list of lists) {
      const whole = ids((await get(list.url, list.token)).body);
      const pages = Math.ceil(list.total / PAGE_SIZE);
      const first = await get(`${list.url}?page=1`, list.token);
      expect(first.statusCode, list.name).toBe(200);
      expect({ pages: first.body.pages, total: first.body.total }, list.name).toEqual({ pages, total: list.total });
      expect(ids(first.body), list.name).toEqual(whole.slice(0, PAGE_SIZE));
      const second = await get(`${list.url}?page=2`, list.token);
      expect(ids(second.body), list.name).toEqual(whole.slice(PAGE_SIZE, 2 * PAGE_SIZE));

      // the last page holds what the cap leaves out of the unpaged answer
      const last = await get(`${list.url}?page=${pages}`, list.token);
      expect(last.body.data, list.name).toHaveLength(list.total - (pages - 1) * PAGE_SIZE);
      expect(
        ids(last.body).some((id) => whole.includes(id)),
        list.name,
      ).toBe(false);
      const past = await get(`${list.url}?page=${pages + 1}`, list.token);
      expect({ data: past.body.data, pages: past.body.pages, total: past.body.total }, list.name).toEqual({
        data: [],
        pages,
        total: list.total,
      });
    }
  });

  it('refuse a page that is not a positive whole number', async () => {
    for (const list of lists) {
      for (const page of ['0', '-1', '1.5', 'abc']) {
        const { statusCode, body } = await get(`${list.url}?page=${page}`, list.token);
        expect(statusCode, `${list.name} page=${page}`).toBe(400);
        expect(body.status).toBe(false);
      }
    }
  });

  it('page a filtered list too: one webinar’s threads', async () => {
    const [{ body: all }, trainee] = await Promise.all([get('/problem/get', lists[1].token), t.tokenOf(Role.Trainee)]);
    const webinarId = all.data[0].WebID as number;
    const { body } = await get(`/problem/get?web=${webinarId}&page=1`, trainee);
    expect({ pages: body.pages, total: body.total }).toEqual({ pages: 1, total: 1 });
    expect(ids(body)).toEqual([all.data[0].ID]);
  });
});
