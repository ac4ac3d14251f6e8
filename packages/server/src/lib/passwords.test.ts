import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it("hashes with argon2id at OWASP's minimum: 19 MiB, 2 passes", async () => {
    const stored = await hashPassword('Learn2026!');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Learn2026!')).toBe(true);
    expect(await verifyPassword(stored, 'learn2026!')).toBe(false);
  });

  it('refuses a hash it cannot read instead of throwing', async () => {
    expect(await verifyPassword('not a hash', 'Learn2026!')).toBe(false);
  });
});
