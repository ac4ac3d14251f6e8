import { describe } from 'vitest';
import { loadConfig } from '../config.js';
import { describeStorageContract } from '../test/storage-contract.js';
import { createStorage } from './storage-of-config.js';

// An operator's check of their own bucket (MinIO, a cloud's): with S3_BUCKET, S3_ACCESS_KEY_ID and
// S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, S3_PREFIX as the server
// would use them) in the environment, the Storage contract runs against it, in a folder of its own
// that it empties afterwards. It streams one 50 MB body.
const NEEDED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const missing = NEEDED.filter((name) => !process.env[name]);
const settings = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('S3_')));

if (missing.length) console.info(`The Storage contract on a real bucket is skipped: ${missing.join(', ')} not set`);

describe.skipIf(missing.length > 0)('a real bucket', () => {
  describeStorageContract(`S3Storage on ${settings.S3_ENDPOINT ?? 'AWS'} (bucket ${settings.S3_BUCKET})`, async () => ({
    storage: createStorage(loadConfig(settings, { STORAGE: 's3' })),
  }));
});
