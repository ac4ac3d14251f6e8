import { PAGE_SIZE, Role } from '@oqu/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';
import { nextIin } from '../../test/factories.js';
import { FORBIDDEN, SIGN_IN_FIRST } from '../../test/http.js';

const demo = (role: number) => DEMO_ACCOUNTS.find((a) => a.role === role)!;
const admin = demo(Role.Admin);
const examiner = demo(Role.Examiner);
const teacher = demo(Role.Teacher);
const trainee = demo(Role.Trainee);
const region = demo(Role.Region);

const SESSION_ENDED = { status: false, message: 'Сеанс завершён, войдите снова' };
const WRONG_CREDENTIALS = { status: false, message: 'Неверный ИИН или пароль' };
const NO_SUCH_USER = { status: false, message: 'Пользователь не найден' };
const NOT_SELF = { status: false, message: 'Нельзя заблокировать, удалить или лишить прав администратора самого себя' };

/** 22 surnames-to-be in alphabetical order (one common word, then distinct first letters, no «Ё»). */
const ROW_NAMES = [
  'Агата',
  'Борис',
  'Вера',
  'Глеб',
  'Дана',
  'Ерлан',
  'Жанна',
  'Зарина',
  'Игорь',
  'Камила',
  'Лев',
  'Мадина',
  'Нурлан',
  'Олжас',
  'Павел',
  'Раушан',
  'Светлана',
  'Тимур',
  'Ульяна',
  'Фатима',
  'Хасан',
  'Цветана',
];

describe('people (users module)', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.tokenOf(Role.Admin);
    adminId = await t.idOf(Role.Admin);
  });
  afterAll(() => t.close());

  let ipCounter = 0;
  /** Each sign-in from its own address, so the per-address failure limit never interferes. */
  const login = (iin: string, password: string, headers: Record<string, string> = {}) => {
    ipCounter += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { iin, password },
      headers,
      remoteAddress: `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
    });
  };
  const asAdmin = (method: InjectOptions['method'], url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(adminToken), ...headers } });
  const getUser = async (id: number) => (await asAdmin('GET', `/api/user/getuser/${id}`)).json().data;
  const list = async (query: string) => {
    const response = await asAdmin('GET', `/api/user/getusers${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** Creates a person through the API and returns what is needed to act as them. */
  const createPerson = async (fields: Record<string, unknown> = {}) => {
    const iin = nextIin();
    const password = 'Secret2026';
    const response = await asAdmin('POST', '/api/user/new', {
      IIN: iin,
      Password: password,
      Fullname: 'Тестов Тест Тестович',
      RoleID: Role.Trainee,
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { id: response.json().user.ID as number, iin, password };
  };
  const signedIn = async (person: { iin: string; password: string }) => {
    const response = await login(person.iin, person.password);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().user.Token as string;
  };
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

  describe('GET /api/user/getusers', () => {
    let rowIds: number[];
    beforeAll(async () => {
      // created in reverse, so that an order by id would not pass for an order by name
      rowIds = [];
      for (const name of [...ROW_NAMES].reverse()) rowIds.unshift((await createPerson({ Fullname: `Рядов ${name} Тестович` })).id);
    });

    it('answers a page of 20 with the total and the number of pages, and page 2 holds the rest', async () => {
      const live = await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('archived_at', 'is', null)
        .executeTakeFirstOrThrow();
      const total = Number(live.n);
      expect(total).toBe(DEMO_ACCOUNTS.length + 6 + ROW_NAMES.length);

      const first = await list('');
      expect(first).toMatchObject({ status: true, message: '', total, pages: Math.ceil(total / PAGE_SIZE) });
      expect(first.pages).toBe(2);
      expect(first.data).toHaveLength(PAGE_SIZE);
      expect(await list('?page=1')).toEqual(first);

      const second = await list('?page=2');
      expect(second).toMatchObject({ status: true, total, pages: 2 });
      expect(second.data).toHaveLength(total - PAGE_SIZE);
      const ids = [...first.data, ...second.data].map((u: { ID: number }) => u.ID);
      expect(new Set(ids).size).toBe(total);
      expect(ids).toEqual(expect.arrayContaining(rowIds));
    });

    it('orders by name across pages', async () => {
      const first = await list('?search=Рядов');
      expect(first).toMatchObject({ total: ROW_NAMES.length, pages: 2 });
      expect(first.data.map((u: { Firstname: string }) => u.Firstname)).toEqual(ROW_NAMES.slice(0, PAGE_SIZE));
      const second = await list('?search=Рядов&page=2');
      expect(second.data.map((u: { Fullname: string }) => u.Fullname)).toEqual(['Рядов Хасан Тестович', 'Рядов Цветана Тестович']);
      expect(second.data.map((u: { ID: number }) => u.ID)).toEqual(rowIds.slice(PAGE_SIZE));
    });

    it('answers an empty page past the end, still with the total', async () => {
      const past = await list('?search=Рядов&page=5');
      expect(past).toEqual({ status: true, message: '', data: [], total: ROW_NAMES.length, pages: 2 });
    });

    it('refuses page 0', async () => {
      const response = await asAdmin('GET', '/api/user/getusers?page=0');
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe(false);
      expect(response.json().fields.map((f: { path: string }) => f.path)).toEqual(['page']);
    });

    it('filters by role', async () => {
      const examiners = await list(`?role=${Role.Examiner}`);
      expect(examiners).toMatchObject({ total: 1, pages: 1 });
      expect(examiners.data.map((u: { IIN: string; RoleID: number }) => [u.IIN, u.RoleID])).toEqual([[examiner.iin, Role.Examiner]]);
      const regions = await list(`?role=${Role.Region}`);
      expect(regions).toMatchObject({ total: 1, pages: 1 });
      expect(regions.data[0]).toMatchObject({ IIN: region.iin, RoleID: Role.Region, Fullname: 'Атырауский регион' });
      const trainees = await list(`?role=${Role.Trainee}&search=Рядов&page=2`);
      expect(trainees).toMatchObject({ total: ROW_NAMES.length, pages: 2 });
      expect((await asAdmin('GET', '/api/user/getusers?role=9')).statusCode).toBe(400);
    });

    it('searches by part of the name, whatever the case', async () => {
      const found = await list('?search=жумаБАЕВА');
      expect(found).toMatchObject({ total: 1, pages: 1 });
      expect(found.data[0]).toMatchObject({ IIN: trainee.iin, Fullname: 'Жумабаева Айгерим Болатовна' });
    });

    it('searches by IIN and by personnel number', async () => {
      const byIin = await list(`?search=${examiner.iin}`);
      expect(byIin.data.map((u: { Fullname: string }) => u.Fullname)).toEqual(['Ахметова Гульнара Серикбаевна']);
      const byTabel = await list('?search=2003');
      expect(byTabel).toMatchObject({ total: 1 });
      expect(byTabel.data[0]).toMatchObject({ Fullname: 'Касымова Динара Ержановна', Tabel: '2003', IDNumber: '2003' });
    });

    it('takes % and _ in a search literally', async () => {
      expect(await list(`?search=${encodeURIComponent('%')}`)).toEqual({ status: true, message: '', data: [], total: 0, pages: 1 });
      expect((await list('?search=_')).total).toBe(0);
    });
  });

  describe('GET /api/user/getuser/:id', () => {
    it('answers one person in the shape the screens read', async () => {
      const id = (await list(`?search=${trainee.iin}`)).data[0].ID;
      // the demo trainee follows the demo plan
      const { plan_id: planId } = await t.db.selectFrom('users').select('plan_id').where('id', '=', id).executeTakeFirstOrThrow();
      const response = await asAdmin('GET', `/api/user/getuser/${id}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ status: true, message: '' });
      expect(body.data).toEqual({
        ID: id,
        Fullname: 'Жумабаева Айгерим Болатовна',
        Lastname: 'Жумабаева',
        Firstname: 'Айгерим',
        Patronomyc: 'Болатовна',
        Username: 'trainee',
        Login: 'trainee',
        RoleID: Role.Trainee,
        Image: [],
        Photos: [],
        Department: trainee.department,
        Duty: trainee.duty,
        IIN: trainee.iin,
        Tabel: trainee.tabel,
        IDNumber: trainee.tabel,
        Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        PhotoStatus: false,
        PlanStatus: planId !== null,
        IsBlocked: false,
        PlanID: planId,
        // the demo trainees belong to the demo region
        RegionID: await t.idOf(Role.Region),
        Region: { ID: await t.idOf(Role.Region), Fullname: region.name.join(' ') },
        // one gradebook entry per test of the plan (users.journal.int.test.ts reads them closely)
        Journal: expect.any(Array),
        Retake: expect.any(Array),
      });
    });

    it('answers 404 for an unknown id and 400 for a non-number', async () => {
      const missing = await asAdmin('GET', '/api/user/getuser/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NO_SUCH_USER);
      const english = await asAdmin('GET', '/api/user/getuser/999999', undefined, { 'accept-language': 'en' });
      expect(english.json()).toEqual({ status: false, message: 'User not found' });
      const bad = await asAdmin('GET', '/api/user/getuser/abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.map((f: { path: string }) => f.path)).toEqual(['id']);
    });
  });

  describe('pickers', () => {
    it('lists the teachers for admins, teachers and examiners', async () => {
      for (const role of [Role.Admin, Role.Teacher, Role.Examiner]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/user/getteachers', headers: bearer(await t.tokenOf(role)) });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          status: true,
          message: '',
          data: [{ ID: expect.any(Number), Fullname: 'Петров Андрей Викторович', Login: 'teacher' }],
        });
      }
    });

    it('lists the audience (region) accounts', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/user/getregions', headers: bearer(await t.tokenOf(Role.Teacher)) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: true,
        message: '',
        data: [{ ID: expect.any(Number), Fullname: 'Атырауский регион', Login: 'region' }],
      });
    });

    it('refuses trainees and audience accounts, and callers without a token', async () => {
      for (const url of ['/api/user/getteachers', '/api/user/getregions']) {
        for (const role of [Role.Trainee, Role.Region]) {
          const response = await t.app.inject({ method: 'GET', url, headers: bearer(await t.tokenOf(role)) });
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual(FORBIDDEN);
        }
        const anonymous = await t.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toEqual(SIGN_IN_FIRST);
      }
    });
  });

  describe('POST /api/user/new', () => {
    it('creates a person from the second spellings, splits the full name, and the person can sign in', async () => {
      const iin = nextIin();
      const response = await asAdmin('POST', '/api/user/new', {
        roleID: '4',
        iin,
        IDNumber: 'T-501',
        Login: 'New.Teacher',
        Fullname: '  Беков   Асхат  Нурланович ',
        Password: 'Teacher2026',
        department: 'Учебный центр',
        position: 'Преподаватель',
        SomethingElse: 'ignored',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({ status: true, message: 'Пользователь создан', user: { ID: expect.any(Number) } });

      expect(await getUser(body.user.ID)).toMatchObject({
        ID: body.user.ID,
        RoleID: Role.Teacher,
        IIN: iin,
        Tabel: 'T-501',
        IDNumber: 'T-501',
        Login: 'new.teacher',
        Username: 'new.teacher',
        Fullname: 'Беков Асхат Нурланович',
        Lastname: 'Беков',
        Firstname: 'Асхат',
        Patronomyc: 'Нурланович',
        Department: 'Учебный центр',
        Duty: 'Преподаватель',
        IsBlocked: false,
      });

      for (const identifier of [iin, 'T-501', 'new.teacher']) {
        const signIn = await login(identifier, 'Teacher2026');
        expect(signIn.statusCode).toBe(200);
        expect(signIn.json().user).toMatchObject({
          ID: body.user.ID,
          RoleID: Role.Teacher,
          Fullname: 'Беков Асхат Нурланович',
          Duty: 'Преподаватель',
        });
      }
    });

    it('makes a trainee when no role is given', async () => {
      const { id } = await createPerson({ RoleID: undefined, Fullname: 'Ким Ли Сун Ок' });
      expect(await getUser(id)).toMatchObject({
        RoleID: Role.Trainee,
        Lastname: 'Ким',
        Firstname: 'Ли',
        Patronomyc: 'Сун Ок',
        Login: '',
        Tabel: '',
      });
    });

    it('joins the name parts into the full name', async () => {
      const { id } = await createPerson({ Fullname: undefined, Lastname: 'Серикова', Firstname: 'Алия', RoleID: Role.Examiner });
      expect(await getUser(id)).toMatchObject({
        Fullname: 'Серикова Алия',
        Lastname: 'Серикова',
        Firstname: 'Алия',
        Patronomyc: '',
        RoleID: Role.Examiner,
      });
    });

    it('keeps an audience account’s name whole', async () => {
      const { id } = await createPerson({ Fullname: 'Мангистауский  регион', RoleID: Role.Region });
      expect(await getUser(id)).toMatchObject({
        Fullname: 'Мангистауский регион',
        Lastname: '',
        Firstname: '',
        Patronomyc: '',
        RoleID: Role.Region,
      });
    });

    it('refuses an IIN that is not 12 digits', async () => {
      for (const iin of ['12345', '12345678901a']) {
        const response = await asAdmin('POST', '/api/user/new', { IIN: iin, Password: 'Secret2026', Fullname: 'Тестов Тест' });
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body.status).toBe(false);
        expect(body.message).toContain('ИИН должен состоять из 12 цифр');
        expect(body.fields).toEqual([{ path: 'IIN', message: 'ИИН должен состоять из 12 цифр' }]);
      }
    });

    it('refuses an IIN whose check digit does not match, in the caller’s language', async () => {
      const valid = nextIin();
      const wrong = `${valid.slice(0, 11)}${(Number(valid[11]) + 1) % 10}`;
      const payload = { iin: wrong, Password: 'Secret2026', Fullname: 'Тестов Тест' };
      const russian = await asAdmin('POST', '/api/user/new', payload);
      expect(russian.statusCode).toBe(400);
      expect(russian.json().status).toBe(false);
      expect(russian.json().message).toContain('ИИН недействителен: не сходится контрольная цифра');
      const english = await asAdmin('POST', '/api/user/new', payload, { 'accept-language': 'en' });
      expect(english.statusCode).toBe(400);
      expect(english.json().message).toContain('The IIN is not valid: the check digit does not match');
      // the field is named as the caller spelled it
      expect(english.json().fields).toEqual([{ path: 'iin', message: 'The IIN is not valid: the check digit does not match' }]);
    });

    it('refuses a short password', async () => {
      const response = await asAdmin('POST', '/api/user/new', { IIN: nextIin(), Password: '12345', Fullname: 'Тестов Тест' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Пароль должен быть не короче 6 символов');
      expect(response.json().fields.map((f: { path: string }) => f.path)).toEqual(['Password']);
    });

    it('refuses a person without a name', async () => {
      for (const name of [{}, { Fullname: '   ' }, { Lastname: '', Firstname: '' }]) {
        const response = await asAdmin('POST', '/api/user/new', { IIN: nextIin(), Password: 'Secret2026', ...name });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ status: false, message: 'Укажите ФИО' });
      }
    });

    it('refuses an unknown role and a malformed login', async () => {
      const role = await asAdmin('POST', '/api/user/new', { IIN: nextIin(), Password: 'Secret2026', Fullname: 'Тестов Тест', RoleID: 7 });
      expect(role.statusCode).toBe(400);
      expect(role.json().fields.map((f: { path: string }) => f.path)).toEqual(['RoleID']);
      const badLogin = await asAdmin('POST', '/api/user/new', {
        IIN: nextIin(),
        Password: 'Secret2026',
        Fullname: 'Тестов Тест',
        Login: 'с пробелом',
      });
      expect(badLogin.statusCode).toBe(400);
      expect(badLogin.json().message).toContain('Логин: от 3 до 64 латинских букв, цифр и знаков . _ @ -');
    });

    it('refuses a taken IIN, login or personnel number with 409 naming the field', async () => {
      const base = { Password: 'Secret2026', Fullname: 'Дубликатов Дубль' };
      const sameIin = await asAdmin('POST', '/api/user/new', { ...base, IIN: trainee.iin });
      expect(sameIin.statusCode).toBe(409);
      expect(sameIin.json()).toEqual({ status: false, message: 'Пользователь с таким ИИН уже есть' });
      const sameLogin = await asAdmin('POST', '/api/user/new', { ...base, IIN: nextIin(), Username: 'TRAINEE' });
      expect(sameLogin.statusCode).toBe(409);
      expect(sameLogin.json()).toEqual({ status: false, message: 'Этот логин уже занят' });
      const sameTabel = await asAdmin('POST', '/api/user/new', { ...base, IIN: nextIin(), IDNumber: trainee.tabel });
      expect(sameTabel.statusCode).toBe(409);
      expect(sameTabel.json()).toEqual({ status: false, message: 'Этот табельный номер уже занят' });
      const english = await asAdmin('POST', '/api/user/new', { ...base, IIN: nextIin(), Tabel: 2001 }, { 'accept-language': 'en' });
      expect(english.json()).toEqual({ status: false, message: 'This personnel number is already taken' });
      expect((await list('?search=Дубликатов')).total).toBe(0);
    });
  });

  describe('PUT /api/user/updateuser/:id', () => {
    it('edits a person’s fields', async () => {
      const { id } = await createPerson({ Fullname: 'Старов Иван Петрович', Department: 'Цех 1', Duty: 'Оператор' });
      const response = await asAdmin('PUT', `/api/user/updateuser/${id}`, {
        Fullname: 'Новиков Иван Петрович',
        department: 'Цех 2',
        position: 'Мастер',
        IDNumber: 'E-77',
        Login: 'novikov',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: true, message: 'Изменения сохранены' });
      expect(await getUser(id)).toMatchObject({
        Fullname: 'Новиков Иван Петрович',
        Lastname: 'Новиков',
        Department: 'Цех 2',
        Duty: 'Мастер',
        Tabel: 'E-77',
        Login: 'novikov',
        RoleID: Role.Trainee,
      });

      const onePart = await asAdmin('PUT', `/api/user/updateuser/${id}`, { Firstname: 'Иоанн' });
      expect(onePart.json()).toEqual({ status: true, message: 'Изменения сохранены' });
      expect(await getUser(id)).toMatchObject({
        Fullname: 'Новиков Иоанн Петрович',
        Lastname: 'Новиков',
        Firstname: 'Иоанн',
        Patronomyc: 'Петрович',
      });
    });

    it('refuses another person’s IIN with 409, an unknown person with 404', async () => {
      const { id } = await createPerson();
      const clash = await asAdmin('PUT', `/api/user/updateuser/${id}`, { IIN: teacher.iin });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({ status: false, message: 'Пользователь с таким ИИН уже есть' });
      const missing = await asAdmin('PUT', '/api/user/updateuser/999999', { Duty: 'Никто' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NO_SUCH_USER);
    });

    it('blocks a person: their token stops at once and sign-in says the account is blocked; unblocking lets them in', async () => {
      const person = await createPerson();
      const token = await signedIn(person);
      expect((await me(token)).statusCode).toBe(200);

      const block = await asAdmin('PUT', `/api/user/updateuser/${person.id}`, { IsBlocked: true });
      expect(block.statusCode).toBe(200);
      expect(block.json()).toEqual({ status: true, message: 'Пользователь заблокирован' });
      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual(SESSION_ENDED);
      const refused = await login(person.iin, person.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: false, message: 'Учётная запись заблокирована. Обратитесь к администратору' });
      expect((await login(person.iin, 'not-the-password')).json()).toEqual(WRONG_CREDENTIALS);
      expect(await getUser(person.id)).toMatchObject({ IsBlocked: true });

      const unblock = await asAdmin('PUT', `/api/user/updateuser/${person.id}`, { IsBlocked: false });
      expect(unblock.json()).toEqual({ status: true, message: 'Пользователь разблокирован' });
      expect(await getUser(person.id)).toMatchObject({ IsBlocked: false });
      const again = await login(person.iin, person.password);
      expect(again.statusCode).toBe(200);
      expect((await me(again.json().user.Token)).statusCode).toBe(200);
    });

    it('leaves a blocked teacher out of the teachers picker', async () => {
      const person = await createPerson({ Fullname: 'Блоков Учитель', RoleID: Role.Teacher });
      const names = async () => (await asAdmin('GET', '/api/user/getteachers')).json().data.map((p: { Fullname: string }) => p.Fullname);
      expect(await names()).toContain('Блоков Учитель');
      await asAdmin('PUT', `/api/user/updateuser/${person.id}`, { IsBlocked: true });
      expect(await names()).not.toContain('Блоков Учитель');
    });

    it('ends a person’s sessions when their role changes', async () => {
      const person = await createPerson();
      const token = await signedIn(person);
      const response = await asAdmin('PUT', `/api/user/updateuser/${person.id}`, { roleID: Role.Examiner });
      expect(response.json()).toEqual({ status: true, message: 'Изменения сохранены' });
      expect((await me(token)).json()).toEqual(SESSION_ENDED);
      expect((await login(person.iin, person.password)).json().user.RoleID).toBe(Role.Examiner);
    });

    it('does not let an admin block or demote themselves (422), but lets them edit their own details', async () => {
      for (const body of [{ IsBlocked: true }, { RoleID: Role.Trainee }, { roleID: Role.Examiner, Duty: 'x' }]) {
        const response = await asAdmin('PUT', `/api/user/updateuser/${adminId}`, body);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual(NOT_SELF);
      }
      const english = await asAdmin('PUT', `/api/user/updateuser/${adminId}`, { IsBlocked: true }, { 'accept-language': 'en' });
      expect(english.json()).toEqual({ status: false, message: 'You cannot block, delete or demote your own account' });
      expect(await getUser(adminId)).toMatchObject({ RoleID: Role.Admin, IsBlocked: false });
      expect((await me(adminToken)).statusCode).toBe(200);

      const own = await asAdmin('PUT', `/api/user/updateuser/${adminId}`, { Duty: 'Главный администратор', RoleID: Role.Admin });
      expect(own.json()).toEqual({ status: true, message: 'Изменения сохранены' });
      expect(await getUser(adminId)).toMatchObject({ Duty: 'Главный администратор', RoleID: Role.Admin });
    });
  });

  describe('PUT /api/user/adminchangepass', () => {
    it('sets a new password: it works, the old one does not, and the person’s sessions end', async () => {
      const person = await createPerson();
      const token = await signedIn(person);
      const response = await asAdmin('PUT', '/api/user/adminchangepass', { UserID: String(person.id), Newpassword: 'Fresh2026' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: true, message: 'Пароль изменён' });
      const old = await login(person.iin, person.password);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual(WRONG_CREDENTIALS);
      expect((await login(person.iin, 'Fresh2026')).statusCode).toBe(200);
      expect((await me(token)).json()).toEqual(SESSION_ENDED);
    });

    it('answers 404 for an unknown person and 400 for a short password', async () => {
      const missing = await asAdmin('PUT', '/api/user/adminchangepass', { UserID: 999999, Newpassword: 'Fresh2026' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NO_SUCH_USER);
      const short = await asAdmin('PUT', '/api/user/adminchangepass', { UserID: adminId, Newpassword: '123' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toContain('Пароль должен быть не короче 6 символов');
      expect((await login(admin.iin, admin.password)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/user/deleteuser/:id', () => {
    it('deletes a person with no history', async () => {
      const person = await createPerson({ Fullname: 'Удалов Без Истории' });
      const token = await signedIn(person);
      const response = await asAdmin('DELETE', `/api/user/deleteuser/${person.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: true, message: 'Пользователь удалён', archived: false });

      const gone = await asAdmin('GET', `/api/user/getuser/${person.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual(NO_SUCH_USER);
      expect(await t.db.selectFrom('users').select('id').where('id', '=', person.id).executeTakeFirst()).toBeUndefined();
      expect((await me(token)).statusCode).toBe(401);
      expect((await login(person.iin, person.password)).json()).toEqual(WRONG_CREDENTIALS);
      // the IIN is free again
      expect(
        (await asAdmin('POST', '/api/user/new', { IIN: person.iin, Password: 'Secret2026', Fullname: 'Удалов Снова' })).statusCode,
      ).toBe(200);
    });

    it('archives a person whose actions are on record', async () => {
      const person = await createPerson({ Fullname: 'Архивов С Историей' });
      const token = await signedIn(person);
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/user/changepass',
        headers: bearer(token),
        payload: { Password: person.password, Newpassword: 'Changed2026' },
      });
      expect(change.json()).toEqual({ status: true, message: 'Пароль изменён' });

      const response = await asAdmin('DELETE', `/api/user/deleteuser/${person.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: true,
        message: 'У пользователя есть история в системе, поэтому он перенесён в архив: данные сохранены, вход закрыт',
        archived: true,
      });

      expect((await asAdmin('GET', `/api/user/getuser/${person.id}`)).statusCode).toBe(404);
      expect(await list(`?search=${person.iin}`)).toMatchObject({ total: 0, data: [] });
      expect((await list('?search=Архивов')).total).toBe(0);
      const signIn = await login(person.iin, 'Changed2026');
      expect(signIn.statusCode).toBe(401);
      expect(signIn.json()).toEqual(WRONG_CREDENTIALS);
      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual(SESSION_ENDED);

      const row = await t.db
        .selectFrom('users')
        .select(['full_name', 'archived_at', 'is_blocked'])
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(row.full_name).toBe('Архивов С Историей');
      expect(row.archived_at).not.toBeNull();
      expect(row.is_blocked).toBe(true);
      const history = await t.db.selectFrom('audit_log').select('action').where('actor_id', '=', person.id).execute();
      expect(history.map((h) => h.action)).toEqual(['password.change']);

      // an archived person's IIN is not silently reused
      const reuse = await asAdmin('POST', '/api/user/new', { IIN: person.iin, Password: 'Secret2026', Fullname: 'Новый Человек' });
      expect(reuse.statusCode).toBe(409);
      expect(reuse.json()).toEqual({ status: false, message: 'Пользователь с таким ИИН находится в архиве' });
      // nor can an archived person be edited or deleted twice
      expect((await asAdmin('PUT', `/api/user/updateuser/${person.id}`, { Duty: 'x' })).statusCode).toBe(404);
      expect((await asAdmin('DELETE', `/api/user/deleteuser/${person.id}`)).json()).toEqual(NO_SUCH_USER);
    });

    it('does not let an admin delete themselves (422) and answers 404 for an unknown person', async () => {
      const self = await asAdmin('DELETE', `/api/user/deleteuser/${adminId}`);
      expect(self.statusCode).toBe(422);
      expect(self.json()).toEqual(NOT_SELF);
      expect((await me(adminToken)).statusCode).toBe(200);
      const missing = await asAdmin('DELETE', '/api/user/deleteuser/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NO_SUCH_USER);
    });
  });

  describe('who may manage people', () => {
    const adminRoutes: { method: InjectOptions['method']; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/user/getusers' },
      { method: 'GET', url: '/api/user/getuser/1' },
      { method: 'POST', url: '/api/user/new', payload: { IIN: '880312300018', Password: 'Secret2026', Fullname: 'Чужой Человек' } },
      { method: 'PUT', url: '/api/user/updateuser/1', payload: { IsBlocked: true } },
      { method: 'PUT', url: '/api/user/adminchangepass', payload: { UserID: 1, Newpassword: 'Hacked2026' } },
      { method: 'DELETE', url: '/api/user/deleteuser/1' },
    ];

    it('refuses examiners, trainees, teachers and audience accounts with 403', async () => {
      for (const route of adminRoutes) {
        for (const role of [Role.Examiner, Role.Trainee, Role.Teacher, Role.Region]) {
          const response = await t.app.inject({ ...route, headers: bearer(await t.tokenOf(role)) });
          expect(response.statusCode, `${route.method} ${route.url} as ${role}`).toBe(403);
          expect(response.json()).toEqual(FORBIDDEN);
        }
      }
    });

    it('asks callers without a token to sign in', async () => {
      for (const route of adminRoutes) {
        const response = await t.app.inject(route);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json()).toEqual(SIGN_IN_FIRST);
      }
      // nothing above reached the data
      expect(await getUser(1)).toMatchObject({ IsBlocked: false });
      expect((await login(admin.iin, admin.password)).statusCode).toBe(200);
    });
  });
});
