import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (~20 ms a hash)
export const hashPassword = (password: string) => hash(password);

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
