// An S3 service for tests and benches, in a process of its own so that the tested process's memory
// is its own: s3rver on 127.0.0.1 (a free port), keeping its objects in the folder given.
// Usage: node s3rver-process.mjs <folder> <bucket>. Prints {"port":…} once it listens; ends when its
// standard input closes (the parent ended or let go of it). s3rver knows its one key (S3RVER) but
// does not check SigV4 signatures.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Transform } from 'node:stream';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });

// s3rver 3.7 does not abort multipart uploads (DELETE ?uploadId answers 405): drop the upload's parts as S3 does
server.middleware.unshift(async (ctx, next) => {
  const [, bucketName] = ctx.path.split('/');
  if (ctx.method !== 'DELETE' || ctx.query.uploadId === undefined || !bucketName) return next();
  const uploads = server.store.getResourcePath(bucketName, undefined, 'uploads');
  await fs.rm(`${uploads}/${String(ctx.query.uploadId).replace(/[^0-9a-f]/g, '')}`, { recursive: true, force: true });
  ctx.status = 204;
});

// s3rver 3.7 reads `Range: bytes=0-0` as the whole object (an end of 0 is taken for none): past the
// signature check, ask for `bytes=0-` and keep the first byte of the answer
const objects = createRequire(import.meta.url)('s3rver/lib/controllers/object.js');
const getObject = objects.getObject;
objects.getObject = async (ctx) => {
  if (ctx.get('range') !== 'bytes=0-0') return getObject(ctx);
  ctx.request.headers.range = 'bytes=0-';
  await getObject(ctx);
  if (ctx.status !== 206) return;
  const total = ctx.response.get('content-range').split('/')[1];
  let left = 1;
  ctx.body = ctx.body.pipe(
    new Transform({
      transform(chunk, _encoding, done) {
        const kept = chunk.subarray(0, left);
        left -= kept.length;
        done(null, kept.length ? kept : undefined);
      },
    }),
  );
  ctx.set('content-range', `bytes 0-0/${total}`);
  ctx.length = 1;
};

const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.on('data', () => {});
process.stdin.on('end', () => process.exit(0));
