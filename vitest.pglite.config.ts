import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The embedded database's own pass (`npm run test:pglite`, run by CI after the whole suite on
// PostgreSQL). PGlite runs the same SQL as PostgreSQL, so most tests prove nothing new on it; what
// differs is the driver, the one-connection dialect and the server on a data directory. Its global
// setup migrates and seeds a template on PGlite, and these files go through what differs:
const PGLITE_FILES = [
  // `npm start` with no DATABASE_URL: the real server on PGlite on disk migrates, seeds the demo,
  // is killed mid-burst and starts again on the same files with every acknowledged answer kept
  'packages/server/src/modules/attempts/attempts.crash.int.test.ts',
  // what the driver hands over for each column type (a `date` as its text), checked against schema.ts
  'packages/server/src/db/schema.int.test.ts',
  // the SQL functions as the migrations left them, and the first administrator's seed
  'packages/server/src/db/sql-sources.int.test.ts',
  'packages/server/src/seed/admin.int.test.ts',
  // every route for every role, each reaching the database once
  'packages/server/src/modules/system/route-matrix.int.test.ts',
  // the dialect under load: parallel guesses lock the throttle's counters in transactions, and the
  // testing engine keeps time and answers in SQL (deadlines, closing on read, scoring)
  'packages/server/src/modules/auth/login-throttle.int.test.ts',
  'packages/server/src/modules/attempts/attempts.int.test.ts',
];

// the embedded database, whatever the shell's DATABASE_URL: the global setup reads it in this process
delete process.env.DATABASE_URL;

// isolate: false — the files share one module graph, imported once (each file still opens an app and a
// database of its own): importing the app again per file cost a third of the pass
export default defineConfig({ test: { ...base.test, include: PGLITE_FILES, isolate: false } });
