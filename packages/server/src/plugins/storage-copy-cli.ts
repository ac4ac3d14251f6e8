import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { DiskStorage, type Storage } from './storage.js';
import { type CopyProgress, copyStorage } from './storage-copy.js';
import { createStorage } from './storage-of-config.js';

// `npm run storage:copy -- --to s3`: every file of DATA_DIR/files into the bucket of the S3_* settings
const args = process.argv.slice(2);
if (args.length !== 2 || args[0] !== '--to' || args[1] !== 's3') {
  console.error('Usage: npm run storage:copy -- --to s3   (copies DATA_DIR/files to the bucket the S3_* settings name)');
  process.exit(2);
}

let bucket: Storage;
let from: DiskStorage;
try {
  const config = loadConfig({ ...process.env, STORAGE: 's3' });
  from = new DiskStorage(path.join(config.DATA_DIR, 'files'));
  bucket = createStorage(config);
  await bucket.check();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `The bucket cannot be used: ${(error as Error).message}`);
  process.exit(1);
}

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);
const line = (p: CopyProgress) => `${p.done} of ${p.total} files, ${megabytes(p.bytes)} of ${megabytes(p.totalBytes)} MB`;
// a terminal sees one line rewritten; a log gets a line a second at most
const terminal = process.stdout.isTTY === true;
let shownAt = 0;
const outcome = await copyStorage(from, bucket, (progress) => {
  const last = progress.done === progress.total;
  if (!last && Date.now() - shownAt < 1000) return;
  shownAt = Date.now();
  process.stdout.write(terminal ? `\r${line(progress)}${last ? '\n' : ''}` : `${line(progress)}\n`);
});
for (const { key, error } of outcome.failed) console.error(`Failed: ${key}: ${error}`);
console.log(
  `Copied ${outcome.copied} (${megabytes(outcome.bytes)} MB), skipped ${outcome.skipped} already there, failed ${outcome.failed.length}` +
    (outcome.failed.length ? ': run it again to copy what failed' : ''),
);
process.exitCode = outcome.failed.length ? 1 : 0;
