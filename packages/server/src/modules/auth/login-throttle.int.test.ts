import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.js';
import { DEMO_TRAINEE_PASSWORD } from '../../seed/demo.js';
import { bearer, createTestApp, type TestApp } from '../../test/app.js';

/** Demo trainees that share a password: each test guesses at one of its own. */
const person = (n: number, iin: string) => ({ iin, tabel: `200${n}`, login: `trainee${n}` });
const ivanov = person(2, '880312300018');
const kasymova = person(3, '920524400017');
const nurlanov = person(4, '870819300022');
const smirnova = person(5, '910105400027');
const ospanov = person(6, '860227300032');
const mukhamedzhanova = person(7, '940630400037');
const WRONG = 'not-the-password';

describe('password guessing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '8',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '3',
      LOGIN_MAX_FAILURES_PER_IP: '8',
      LOGIN_BACKOFF_AFTER_FAILURES: '4',
      LOGIN_BACKOFF_BASE_SECONDS: '60',
    });
  });
  afterAll(() => t.close());

  const login = (iin: string, password: string, ip: string, language = 'ru', cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { iin, password },
      headers: { 'accept-language': language, ...(cookie && { cookie }) },
      remoteAddress: ip,
    });
  const statuses = async (requests: Promise<{ statusCode: number }>[]) => (await Promise.all(requests)).map((r) => r.statusCode);
  const count = (list: number[], status: number) => list.filter((s) => s === status).length;

  it('checks no more passwords than the limit however many guesses come at once', async () => {
    const answers = await statuses(Array.from({ length: 50 }, () => login(kasymova.iin, WRONG, '10.21.0.1')));
    expect(count(answers, 401)).toBe(3);
    expect(count(answers, 429)).toBe(47);
  });

  it('counts guesses against the person, however the account is typed', async () => {
    for (let i = 0; i < 3; i++) expect((await login(ivanov.iin, WRONG, '10.20.0.1')).statusCode).toBe(401);
    for (const typed of [ivanov.tabel, ivanov.login, ivanov.login.toUpperCase(), ivanov.iin]) {
      const response = await login(typed, DEMO_TRAINEE_PASSWORD, '10.20.0.1');
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toMatch(/^Слишком много неудачных попыток входа. Попробуйте через \d+ мин.$/);
    }
  });

  it('throttles guessing an unknown account alike, in the caller’s language', async () => {
    const answers = await statuses(Array.from({ length: 3 }, () => login('000000000099', WRONG, '10.24.0.1')));
    expect(answers).toEqual([401, 401, 401]);
    const locked = await login('000000000099', WRONG, '10.24.0.1', 'kk');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Кіру әрекеттері тым көп сәтсіз болды. \d+ минуттан кейін қайталаңыз$/);

    // from many addresses, however it is spelled, up to the account's limit as for a real one
    const spread = await statuses(
      Array.from({ length: 20 }, (_, i) => login(i % 2 ? ' NoSuchLogin ' : 'nosuchlogin', WRONG, `10.24.1.${i}`)),
    );
    expect(count(spread, 401)).toBe(8);
    expect(count(spread, 429)).toBe(12);
  });

  it('checks no more passwords at one account than its limit however many addresses guess, and lets the owner in', async () => {
    const { iin, tabel, login: name } = mukhamedzhanova;
    // the owner signed in at their desk, and on a laptop that keeps the known-device cookie
    expect((await login(name, DEMO_TRAINEE_PASSWORD, '10.26.0.1')).statusCode).toBe(200);
    const laptop = await login(tabel, DEMO_TRAINEE_PASSWORD, '10.26.0.2');
    const setCookie = String(laptop.headers['set-cookie']);
    expect(setCookie).toMatch(/^oqu_device=[^;]+; Path=\/api\/user; Max-Age=2592000; HttpOnly; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0];

    const spellings = [iin, tabel, name, name.toUpperCase(), ` ${iin} `];
    const attack = await statuses(
      Array.from({ length: 25 }, (_, i) => login(spellings[i % spellings.length] as string, WRONG, `10.26.1.${i}`)),
    );
    expect(count(attack, 401)).toBe(8);
    expect(count(attack, 429)).toBe(17);

    // a fresh address waits even with the right password, in the caller's language
    const stranger = await login(iin, DEMO_TRAINEE_PASSWORD, '10.26.2.1', 'en');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Too many failed sign-in attempts. Try again in \d+ min.$/);
    // a cookie of another account is no key to this one
    const other = String((await login(ospanov.login, DEMO_TRAINEE_PASSWORD, '10.26.2.2')).headers['set-cookie']).split(';')[0];
    expect((await login(iin, DEMO_TRAINEE_PASSWORD, '10.26.2.2', 'ru', other)).statusCode).toBe(429);
    // the owner's desk and their laptop, from an address never seen, still sign in
    expect((await login(iin, DEMO_TRAINEE_PASSWORD, '10.26.0.1')).statusCode).toBe(200);
    expect((await login(iin, DEMO_TRAINEE_PASSWORD, '10.26.3.1', 'ru', cookie)).statusCode).toBe(200);
    // a new password (an administrator's reset) forgets the laptop: its cookie lets nobody past the hold any more
    const newPassword = `${DEMO_TRAINEE_PASSWORD}-new`;
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(newPassword) })
      .where('iin', '=', iin)
      .execute();
    expect((await login(iin, newPassword, '10.26.3.2', 'ru', cookie)).statusCode).toBe(429);
  });

  it('lets the owner sign in from an address of their own while their account is under attack', async () => {
    expect((await login(nurlanov.login, DEMO_TRAINEE_PASSWORD, '10.22.9.9')).statusCode).toBe(200);
    // one address after another until the person's back-off holds each failed address back
    const attack: number[] = [];
    for (let a = 1; a <= 4; a++) for (let i = 0; i < 3; i++) attack.push((await login(nurlanov.iin, WRONG, `10.22.0.${a}`)).statusCode);
    expect(count(attack, 401)).toBe(6); // three from the first address, then one from each new one
    expect((await login(nurlanov.iin, DEMO_TRAINEE_PASSWORD, '10.22.0.1')).statusCode).toBe(429);

    // the attack goes on from many addresses while the owner signs in from theirs
    const [owner, ...more] = await Promise.all([
      login(nurlanov.tabel, DEMO_TRAINEE_PASSWORD, '10.22.9.9'),
      ...Array.from({ length: 20 }, (_, i) => login(nurlanov.iin, WRONG, `10.22.${1 + (i % 4)}.${i}`)),
    ]);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.Token).toBeTruthy();
    expect(more.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
  });

  it('gives back the owner’s own failures from an address once they sign in there', async () => {
    for (let i = 0; i < 2; i++) expect((await login(smirnova.iin, WRONG, '10.23.0.1')).statusCode).toBe(401);
    expect((await login(smirnova.login, DEMO_TRAINEE_PASSWORD, '10.23.0.1')).statusCode).toBe(200);
    const failures = await t.db.selectFrom('login_failures').select(['key', 'failures']).where('key', 'like', '%@10.23.0.1').execute();
    expect(failures).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await login(smirnova.iin, WRONG, '10.23.0.1')).statusCode).toBe(401);
    expect((await login(smirnova.iin, WRONG, '10.23.0.1')).statusCode).toBe(429);
  });

  it('limits guessing the current password with a session, and counts it with sign-in guesses', async () => {
    const token = (await login(ospanov.iin, DEMO_TRAINEE_PASSWORD, '10.25.0.1')).json().user.Token;
    const change = (password: string, language = 'ru') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/changepass',
        headers: { ...bearer(token), 'accept-language': language },
        payload: { Password: password, Newpassword: 'Another2026' },
        remoteAddress: '10.25.0.1',
      });
    const answers = await statuses(Array.from({ length: 20 }, () => change(WRONG)));
    expect(count(answers, 422)).toBe(3);
    expect(count(answers, 429)).toBe(17);
    const locked = await change(DEMO_TRAINEE_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Слишком много неверных попыток ввода пароля. Попробуйте через \d+ мин.$/);
    expect((await change(DEMO_TRAINEE_PASSWORD, 'en')).json().message).toMatch(/^Too many wrong password attempts. Try again in \d+ min.$/);
    expect((await login(ospanov.iin, DEMO_TRAINEE_PASSWORD, '10.25.0.1')).statusCode).toBe(429);
    expect((await login(ospanov.iin, DEMO_TRAINEE_PASSWORD, '10.25.0.2')).statusCode).toBe(200);
  });
});
