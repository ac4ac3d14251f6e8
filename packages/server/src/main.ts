import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig, publicUrlWarning } from './config.js';
import { buildContentApp } from './content-app.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createStorage } from './plugins/storage-of-config.js';
import { ensureAdmin, isEmpty } from './seed/admin.js';
import { seedDemo } from './seed/demo.js';
import { prepareDemoSigning, signDemoReportCard } from './seed/demo-signature.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// a store that cannot be read and written would fail every upload later: refuse to start, saying what to set
const storage = createStorage(config);
try {
  await storage.check();
} catch (error) {
  console.error(`Oqu cannot start: ${(error as Error).message}`);
  process.exit(1);
}

const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
await migrateToLatest(db);
const heldDemoExam = config.SEED === 'demo' && (await isEmpty(db)) ? await seedDemo(db) : null;
if (config.ADMIN_IIN && config.ADMIN_PASSWORD) await ensureAdmin(db, config.ADMIN_IIN, config.ADMIN_PASSWORD, config.ADMIN_RESET);
// the demo's authority issues a fresh CRL at every start, so its signatures keep passing the revocation check
if (config.SEED === 'demo') await prepareDemoSigning(db, storage, config.DATA_DIR);

const app = await buildApp({ config, db, storage, logToTerminal: process.stdout.isTTY === true });
const publicUrlUnset = publicUrlWarning(config);
if (publicUrlUnset) app.log.warn(publicUrlUnset);
if (heldDemoExam) {
  // refused when NCA_TRUST_DIR leaves the demo's authority out: the demo then starts unsigned
  await signDemoReportCard(app.services.signatures, heldDemoExam, storage).catch((error: unknown) =>
    app.log.warn({ err: error }, 'The demo report card was not signed'),
  );
}
// connections a burst may open before the process accepts them (a thousand viewers at once); the
// kernel caps it at net.core.somaxconn
await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
// SCORM content and its runtime, on an origin of their own (docs/ARCHITECTURE.md "SCORM")
const content = await buildContentApp({ config, scorm: app.services.scorm, logToTerminal: process.stdout.isTTY === true });
await content.listen({ port: config.CONTENT_PORT, host: config.HOST });
app.log.info(
  `Oqu is ready: http://localhost:${config.PORT} (API docs at /api/docs, ${config.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${config.DATA_DIR}`}; SCORM content on port ${config.CONTENT_PORT})`,
);

async function shutdown(signal: string) {
  app.log.info(`${signal}: closing`);
  await content.close();
  await app.close();
  await db.destroy();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
