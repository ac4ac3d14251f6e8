import { Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { nextIin } from '../../test/factories.js';
import { insertPerson } from '../../test/rooms.js';

/** A trainee's region (exam-audience account, role 5) on the users form and in the lists. */
describe('people: a trainee’s region', () => {
  let t: TestApp;
  let admin: string;
  let regionId: number;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, language = 'ru') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': language } });
  const person = (values: object) => ({ Fullname: 'Региональный Слушатель Тестович', IIN: nextIin(), Password: 'Secret2026!', ...values });
  const read = async (id: number) => (await call('GET', `/api/user/getuser/${id}`)).json().data;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenOf(Role.Admin);
    regionId = (await insertPerson(t.db, Role.Region, { fullName: 'Мангистауский регион' })).id;
  });
  afterAll(() => t.close());

  it('stores a trainee’s region and shows it in the details and the list', async () => {
    const created = await call('POST', '/api/user/new', person({ RoleID: Role.Trainee, RegionID: regionId }));
    expect(created.statusCode).toBe(200);
    const id = created.json().user.ID;
    expect(await read(id)).toMatchObject({ RegionID: regionId, Region: { ID: regionId, Fullname: 'Мангистауский регион' } });
    const list = (await call('GET', `/api/user/getusers?search=${encodeURIComponent('Региональный')}`)).json().data;
    expect(list.find((u: { ID: number }) => u.ID === id)).toMatchObject({
      RegionID: regionId,
      Region: { Fullname: 'Мангистауский регион' },
    });
    // the alias of the original client
    const aliased = await call('POST', '/api/user/new', person({ RoleID: Role.Trainee, regionID: regionId }));
    expect(await read(aliased.json().user.ID)).toMatchObject({ RegionID: regionId });
  });

  it('refuses a region that is not a live region account, naming the field', async () => {
    const examinerId = await t.idOf(Role.Examiner);
    for (const RegionID of [examinerId, 999_999]) {
      const response = await call('POST', '/api/user/new', person({ RoleID: Role.Trainee, RegionID }));
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('«Регион»: выберите действующую учётную запись региона');
    }
    const english = await call('POST', '/api/user/new', person({ RoleID: Role.Trainee, RegionID: examinerId }), 'en');
    expect(english.json().message).toMatch(/^“Region”/);
  });

  it('gives a region to trainees only, and takes it when a person stops being one', async () => {
    const refused = await call('POST', '/api/user/new', person({ RoleID: Role.Teacher, RegionID: regionId }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^«Регион»: регион указывается только у слушателей/);

    const id = (await call('POST', '/api/user/new', person({ RoleID: Role.Trainee, RegionID: regionId }))).json().user.ID;
    expect((await call('PUT', `/api/user/updateuser/${id}`, { Department: 'Цех' })).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ RegionID: regionId });
    expect((await call('PUT', `/api/user/updateuser/${id}`, { RegionID: null })).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ RegionID: null, Region: null });
    await call('PUT', `/api/user/updateuser/${id}`, { RegionID: regionId });
    expect((await call('PUT', `/api/user/updateuser/${id}`, { RoleID: Role.Teacher })).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ RoleID: Role.Teacher, RegionID: null });
  });

  it('archives a region account trainees belong to rather than lose it', async () => {
    const region = await insertPerson(t.db, Role.Region, { fullName: 'Удаляемый регион' });
    const trainee = (await call('POST', '/api/user/new', person({ RoleID: Role.Trainee, RegionID: region.id }))).json().user.ID;
    const removed = await call('DELETE', `/api/user/deleteuser/${region.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().archived).toBe(true);
    expect(await read(trainee)).toMatchObject({ RegionID: region.id, Region: { Fullname: 'Удаляемый регион' } });
    // an archived region is no longer offered, nor accepted
    const regions = (await call('GET', '/api/user/getregions')).json().data.map((r: { ID: number }) => r.ID);
    expect(regions).not.toContain(region.id);
    expect((await call('POST', '/api/user/new', person({ RoleID: Role.Trainee, RegionID: region.id }))).statusCode).toBe(422);
  });
});
