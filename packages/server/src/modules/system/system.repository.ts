import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** What the readiness check asks of the database. */
export class SystemRepository {
  constructor(private readonly db: Db) {}

  /** Resolves once the database answers a trivial query; rejects with its error, or after `timeoutMs`. */
  async ping(timeoutMs: number) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([sql`select 1`.execute(this.db), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
