// After the web app's build: a brotli and a gzip copy beside each text asset, so the server sends
// them as they are (@fastify/static `preCompressed`) instead of compressing on every request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const TEXT = /\.(js|css|svg|json|html)$/;

let original = 0;
let brotli = 0;
for (const entry of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name) || entry.parentPath.includes('.vite')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  original += content.length;
  brotli += br.length;
}
console.log(`Compressed the web app: ${(original / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`);
