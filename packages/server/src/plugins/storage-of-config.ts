import path from 'node:path';
import { type Config, ConfigError } from '../config.js';
import { S3Storage } from './s3-storage.js';
import { DiskStorage, type Storage } from './storage.js';

/** The settings that choose the store: `STORAGE` and, for a bucket, the `S3_*` settings. */
export type StorageSettings = Pick<
  Config,
  'STORAGE' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_PREFIX'
>;

type StorageConfig = StorageSettings & Pick<Config, 'DATA_DIR'>;

/** The store the settings name: `DATA_DIR/files` on disk, or the S3 bucket. */
export function createStorage(config: StorageConfig): Storage {
  if (config.STORAGE === 'disk') return new DiskStorage(path.join(config.DATA_DIR, 'files'));
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  // loadConfig refuses STORAGE=s3 without them; a config made by hand may still lack them
  if (!bucket || !accessKeyId || !secretAccessKey) {
    throw new ConfigError('STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return new S3Storage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}
