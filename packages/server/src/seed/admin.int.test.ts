import { Role } from '@oqu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/passwords.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { ensureAdmin } from './admin.js';
import { DEMO_ACCOUNTS } from './demo.js';

describe('the administrator from ADMIN_IIN and ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const account = (iin: string) =>
    t.db
      .selectFrom('users')
      .select(['id', 'role_id', 'is_blocked', 'archived_at', 'password_hash', 'updated_at'])
      .where('iin', '=', iin)
      .executeTakeFirstOrThrow();

  it('is created when no account has the IIN, once', async () => {
    await ensureAdmin(t.db, '800101300006', 'FirstSecret1');
    const created = await account('800101300006');
    expect(created).toMatchObject({ role_id: Role.Admin, is_blocked: false, archived_at: null });
    expect(await verifyPassword(created.password_hash, 'FirstSecret1')).toBe(true);

    // the next start, with the settings still there or changed, finds it made
    await ensureAdmin(t.db, '800101300006', 'OtherSecret2');
    expect(await account('800101300006')).toEqual(created);
  });

  it('leaves an existing account as it is: its password, role and block', async () => {
    const trainee = DEMO_ACCOUNTS.find((a) => a.role === Role.Trainee)!;
    await t.db.updateTable('users').set({ is_blocked: true }).where('iin', '=', trainee.iin).execute();
    const before = await account(trainee.iin);
    await ensureAdmin(t.db, trainee.iin, 'Takeover2026');
    expect(await account(trainee.iin)).toEqual(before);
  });

  it('with ADMIN_RESET makes the account an active administrator with this password', async () => {
    const teacher = DEMO_ACCOUNTS.find((a) => a.role === Role.Teacher)!;
    await t.db.updateTable('users').set({ is_blocked: true, archived_at: new Date() }).where('iin', '=', teacher.iin).execute();
    await ensureAdmin(t.db, teacher.iin, 'Recovered2026', true);
    const reset = await account(teacher.iin);
    expect(reset).toMatchObject({ role_id: Role.Admin, is_blocked: false, archived_at: null });
    expect(await verifyPassword(reset.password_hash, 'Recovered2026')).toBe(true);
    expect(await verifyPassword(reset.password_hash, teacher.password)).toBe(false);
  });
});
