import { Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';

const trainee = DEMO_ACCOUNTS.find((a) => a.role === Role.Trainee)!;
const examiner = DEMO_ACCOUNTS.find((a) => a.role === Role.Examiner)!;

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '3', LOGIN_MAX_FAILURES_PER_IP: '8' });
  });
  afterAll(() => t.close());

  const login = (iin: string, password: string, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { iin, password }, headers, remoteAddress: ip });

  it('signs in by IIN and answers the stored-user shape', async () => {
    const response = await login(trainee.iin, trainee.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(true);
    expect(body.user).toMatchObject({ RoleID: 3, Fullname: 'Жумабаева Айгерим Болатовна', Duty: trainee.duty, Image: [] });
    expect(body.user.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts the personnel number and the login in the iin field', async () => {
    expect((await login(trainee.tabel, trainee.password)).json().user.RoleID).toBe(3);
    expect((await login('EXAMINER', examiner.password)).json().user.RoleID).toBe(2);
  });

  it('stores only a hash of the token', async () => {
    const token = (await login(trainee.iin, trainee.password)).json().user.Token;
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === token)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
  });

  it('gives one generic message for a wrong password and an unknown account, in the caller’s language', async () => {
    const wrongPassword = await login(trainee.iin, 'nope', {}, '10.0.0.2');
    const unknown = await login('000000000000', 'nope', {}, '10.0.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ status: false, message: 'Неверный ИИН или пароль' });
    expect(unknown.json()).toEqual(wrongPassword.json());
    const english = await login('000000000000', 'nope', { 'accept-language': 'en-US,en;q=0.9' }, '10.0.0.2');
    expect(english.json()).toEqual({ status: false, message: 'Wrong IIN or password' });
  });

  it('refuses an empty payload naming the fields by their labels in the caller’s language, and by API name in `fields`', async () => {
    const empty = (language: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: {}, headers: { 'accept-language': language } });
    const russian = await empty('ru');
    expect(russian.statusCode).toBe(400);
    expect(russian.json()).toEqual({
      status: false,
      message: 'Проверьте поля: ИИН — Обязательное поле; Пароль — Обязательное поле',
      fields: [
        { path: 'iin', message: 'Обязательное поле' },
        { path: 'password', message: 'Обязательное поле' },
      ],
    });
    expect((await empty('kk')).json().message).toBe('Өрістерді тексеріңіз: ЖСН — Міндетті өріс; Құпиясөз — Міндетті өріс');
    expect((await empty('en')).json().message).toBe(
      'Please check the fields: IIN — This field is required; Password — This field is required',
    );
  });

  it('locks an account at an address after repeated failures there, even for the right password, then says so', async () => {
    const regionAccount = DEMO_ACCOUNTS.find((a) => a.role === Role.Region)!;
    for (let i = 0; i < 3; i++) expect((await login(regionAccount.iin, 'wrong', {}, '10.1.0.1')).statusCode).toBe(401);
    const locked = await login(regionAccount.iin, regionAccount.password, {}, '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Слишком много неудачных попыток входа. Попробуйте через \d+ мин./);
    expect((await login(regionAccount.iin, regionAccount.password, {}, '10.1.0.9')).statusCode).toBe(200);
  });

  it('limits failures per address across accounts', async () => {
    for (let i = 0; i < 8; i++) await login(`unknown${i}`, 'wrong', {}, '10.2.0.1');
    const response = await login(trainee.iin, trainee.password, {}, '10.2.0.1');
    expect(response.statusCode).toBe(429);
    expect((await login(trainee.iin, trainee.password, {}, '10.2.0.2')).statusCode).toBe(200);
  });

  it('revokes the token at logout', async () => {
    const token = (await login(trainee.iin, trainee.password)).json().user.Token;
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(out.json()).toEqual({ status: true, message: 'Вы вышли из системы' });
    const after = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: false, message: 'Сеанс завершён, войдите снова' });
  });

  it('expires tokens', async () => {
    const token = (await login(trainee.iin, trainee.password)).json().user.Token;
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('asks for a token on protected routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: false, message: 'Please sign in' });
  });

  it('changes one’s own password: the old one stops working, other sessions end, this one goes on', async () => {
    const teacher = DEMO_ACCOUNTS.find((a) => a.role === Role.Teacher)!;
    const other = (await login(teacher.iin, teacher.password)).json().user.Token;
    const token = (await login(teacher.iin, teacher.password)).json().user.Token;
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/user/changepass',
      headers: bearer(token),
      payload: { Password: 'bad', Newpassword: 'NewPass2026' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Текущий пароль указан неверно');
    const short = await t.app.inject({
      method: 'PUT',
      url: '/api/user/changepass',
      headers: bearer(token),
      payload: { Password: teacher.password, Newpassword: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Пароль должен быть не короче 6 символов');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/user/changepass',
      headers: bearer(token),
      payload: { Password: teacher.password, Newpassword: 'NewPass2026' },
    });
    expect(ok.json()).toEqual({ status: true, message: 'Пароль изменён' });
    expect((await login(teacher.iin, teacher.password, {}, '10.3.0.1')).statusCode).toBe(401);
    expect((await login(teacher.iin, 'NewPass2026', {}, '10.3.0.1')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(other) })).statusCode).toBe(401);
  });
});
