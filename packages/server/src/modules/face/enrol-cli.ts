import { createServices } from '../../app.js';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';

// `npm run face:enrol`: enrols every person's photo that has no enrolment by the current face model
// (photos uploaded while FACE_CHECK was off, or before the model changed); the checks would enrol them
// on first use anyway, this spares the first check the wait. Photos it cannot enrol are listed, not deleted.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
const services = createServices({ config, db });
try {
  const { enrolled, refused } = await services.face.enrolAll();
  for (const photo of refused) console.log(`Not enrolled: photo ${photo.photoId} of person ${photo.userId}: ${photo.reason}`);
  console.log(`Enrolled ${enrolled} photos; ${refused.length} could not be${refused.length ? ' (listed above, kept as they are)' : ''}`);
} finally {
  await services.faceEngine.close();
  await db.destroy();
}
