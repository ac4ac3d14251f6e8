import { Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { insertPlan } from '../../test/catalogue.js';
import { nextIin } from '../../test/factories.js';
import { auditOf, expectRefused, NOT_ADMIN } from '../../test/http.js';

const NO_SUCH_USER = { status: false, message: 'Пользователь не найден' };
const UNKNOWN_PLAN = { status: false, message: 'Выбранный план обучения не найден' };

describe('a person’s education plan (users module)', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: number;
  let planA: number;
  let planB: number;

  const asAdmin = (method: InjectOptions['method'], url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(adminToken), ...headers } });
  const getUser = async (id: number) => (await asAdmin('GET', `/api/user/getuser/${id}`)).json().data;
  const attach = (id: number | string, payload: object, headers: Record<string, string> = {}) =>
    asAdmin('PUT', `/api/user/updateplanuser/${id}`, payload, headers);
  const createPerson = async (extra: object = {}) => {
    const response = await asAdmin('POST', '/api/user/new', {
      IIN: nextIin(),
      Password: 'Plan2026',
      Fullname: 'Планов Обучающийся Тестович',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().user.ID as number;
  };
  const studentCount = async (planId: number) => (await asAdmin('GET', `/api/subject/getplan/${planId}`)).json().data.Studentcount;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    adminId = await t.idOf(Role.Admin);
    planA = await insertPlan(t.db, 'План для прикрепления А');
    planB = await insertPlan(t.db, 'План для прикрепления Б');
  });
  afterAll(() => t.close());

  describe('PUT /api/user/updateplanuser/{id}', () => {
    it('attaches a plan, changes it and detaches it; the person and the plan show it', async () => {
      const id = await createPerson();
      expect(await getUser(id)).toMatchObject({ PlanID: null, PlanStatus: false });

      const attached = await attach(id, { PlanID: planA });
      expect(attached.statusCode).toBe(200);
      expect(attached.json()).toEqual({ status: true, message: 'План обучения назначен' });
      expect(await getUser(id)).toMatchObject({ PlanID: planA, PlanStatus: true });
      expect(await studentCount(planA)).toBe(1);
      const listed = (await asAdmin('GET', `/api/user/getusers?search=${encodeURIComponent('Планов')}`)).json().data;
      expect(listed.find((u: { ID: number }) => u.ID === id)).toMatchObject({ PlanID: planA, PlanStatus: true });

      expect((await attach(id, { PlanID: String(planB) })).statusCode).toBe(200);
      expect(await getUser(id)).toMatchObject({ PlanID: planB, PlanStatus: true });
      expect(await studentCount(planA)).toBe(0);
      expect(await studentCount(planB)).toBe(1);

      const detached = await attach(id, { PlanID: null }, { 'accept-language': 'kk' });
      expect(detached.statusCode).toBe(200);
      expect(detached.json()).toEqual({ status: true, message: 'Оқу жоспары ажыратылды' });
      expect(await getUser(id)).toMatchObject({ PlanID: null, PlanStatus: false });
      expect(await studentCount(planB)).toBe(0);

      expect((await attach(id, { PlanID: planA })).statusCode).toBe(200);
      expect((await attach(id, { PlanID: '' })).json()).toEqual({ status: true, message: 'План обучения откреплён' });
      expect((await getUser(id)).PlanID).toBeNull();

      const audit = await auditOf(t, id, 'user.plan.');
      expect(audit.map((a) => a.action)).toEqual([
        'user.plan.attach',
        'user.plan.attach',
        'user.plan.detach',
        'user.plan.attach',
        'user.plan.detach',
      ]);
      expect(audit[0]).toMatchObject({ actor_id: adminId, details: { plan: planA, previous: null } });
      expect(audit[1]).toMatchObject({ details: { plan: planB, previous: planA } });
    });

    it('refuses an unknown plan with 422 and keeps the current one', async () => {
      const id = await createPerson({ PlanID: planA });
      const response = await attach(id, { PlanID: 999999 });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(UNKNOWN_PLAN);
      const english = await attach(id, { PlanID: 999999 }, { 'accept-language': 'en' });
      expect(english.json()).toEqual({ status: false, message: 'The chosen education plan was not found' });
      expect((await getUser(id)).PlanID).toBe(planA);
    });

    it('refuses an unknown or archived person with 404', async () => {
      const missing = await attach(999999, { PlanID: planA });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NO_SUCH_USER);
      const archived = await createPerson();
      await t.db.updateTable('users').set({ archived_at: new Date() }).where('id', '=', archived).execute();
      const response = await attach(archived, { PlanID: planA });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NO_SUCH_USER);
      const row = await t.db.selectFrom('users').select('plan_id').where('id', '=', archived).executeTakeFirstOrThrow();
      expect(row.plan_id).toBeNull();
    });

    it('validates the body and the id with 400', async () => {
      const id = await createPerson();
      for (const payload of [{}, { PlanID: 'abc' }, { PlanID: 0 }, { PlanID: -3 }, { PlanID: 1.5 }]) {
        const response = await attach(id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ status: false, fields: [{ path: 'PlanID' }] });
      }
      expect((await attach('abc', { PlanID: planA })).statusCode).toBe(400);
      expect((await getUser(id)).PlanID).toBeNull();
    });

    it('lets only administrators attach plans', async () => {
      const id = await createPerson();
      await expectRefused(t, NOT_ADMIN, [['PUT', `/api/user/updateplanuser/${id}`, { PlanID: planA }]]);
      expect((await getUser(id)).PlanID).toBeNull();
    });
  });

  describe('PlanID on creating and editing a person', () => {
    it('creates a person on a plan, and refuses an unknown plan with 422 without creating anyone', async () => {
      const id = await createPerson({ PlanID: planB });
      expect(await getUser(id)).toMatchObject({ PlanID: planB, PlanStatus: true });

      const iin = nextIin();
      const refused = await asAdmin('POST', '/api/user/new', {
        IIN: iin,
        Password: 'Plan2026',
        Fullname: 'Никто Не Создан',
        PlanID: 999999,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual(UNKNOWN_PLAN);
      expect(await t.db.selectFrom('users').select('id').where('iin', '=', iin).execute()).toEqual([]);
    });

    it('edits the plan with the person; left out it stays, null detaches, unknown is refused with 422', async () => {
      const id = await createPerson({ PlanID: planA });
      expect((await asAdmin('PUT', `/api/user/updateuser/${id}`, { Department: 'Цех №2' })).statusCode).toBe(200);
      expect(await getUser(id)).toMatchObject({ Department: 'Цех №2', PlanID: planA });

      expect((await asAdmin('PUT', `/api/user/updateuser/${id}`, { PlanID: planB })).statusCode).toBe(200);
      expect((await getUser(id)).PlanID).toBe(planB);

      const refused = await asAdmin('PUT', `/api/user/updateuser/${id}`, { Department: 'Цех №3', PlanID: 999999 });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual(UNKNOWN_PLAN);
      expect(await getUser(id)).toMatchObject({ Department: 'Цех №2', PlanID: planB });

      expect((await asAdmin('PUT', `/api/user/updateuser/${id}`, { PlanID: null })).statusCode).toBe(200);
      expect(await getUser(id)).toMatchObject({ PlanID: null, PlanStatus: false });
    });

    it('leaves people without a plan when their plan is deleted', async () => {
      const plan = await insertPlan(t.db, 'Исчезающий план');
      const id = await createPerson({ PlanID: plan });
      const deleted = await asAdmin('DELETE', `/api/subject/deleteplan/${plan}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().message).toBe('План обучения удалён вместе с его темами и тестами. Откреплено обучающихся: 1');
      expect(await getUser(id)).toMatchObject({ PlanID: null, PlanStatus: false });
    });
  });
});
