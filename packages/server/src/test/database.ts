import { type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createScratchDatabase } from './app.js';

/** A freshly migrated database of its own, with no data (PostgreSQL when DATABASE_URL is set, else PGlite). */
export async function createMigratedDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const scratch = await createScratchDatabase('oqu_schema');
  const db = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' });
  await migrateToLatest(db);
  return {
    db,
    async close() {
      await db.destroy();
      await scratch?.drop();
    },
  };
}
