// s3rver (an S3 service in Node) with one bucket, in a child process so its memory is not counted
// with the measured process's; it ends when `stop()` closes its input.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export async function startS3rver(folder, bucket) {
  const script = new URL('../../packages/server/src/test/s3rver-process.mjs', import.meta.url).pathname;
  const child = spawn(process.execPath, [script, folder, bucket], { stdio: ['pipe', 'pipe', 'inherit'] });
  const { value: line } = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  return { endpoint: `http://127.0.0.1:${JSON.parse(line).port}`, stop: () => child.stdin.end() };
}
