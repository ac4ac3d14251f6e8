import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane), written out so that a library update
 * cannot weaken it: about 20 ms of one core a hash, so one core checks ~50 sign-ins a second
 * (bench/README.md, exam-burst). Hashes keep their own settings, so raising these later still
 * verifies the old ones.
 */
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, PASSWORD_HASH_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spent on unknown accounts so that a wrong IIN takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
export async function verifyDecoy(password: string): Promise<void> {
  decoyHash ??= hash('decoy password that nobody has');
  await verifyPassword(await decoyHash, password);
}
