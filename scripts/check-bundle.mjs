// The web app's JavaScript budget, checked on the built app (`npm run build` first; `npm test` runs it):
// the sign-in page — the first screen everyone loads — must come with at most 150 KB of gzipped
// JavaScript, and no single chunk may pass 250 KB gzipped. Sizes are gzip at the default level, read
// from the files Vite's manifest names.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const DIST = new URL('../packages/web/dist/', import.meta.url);
const SIGN_IN_BUDGET = 150 * 1024;
const CHUNK_BUDGET = 250 * 1024;
const SIGN_IN_PAGE = 'src/pages/auth/SignInPage.tsx';
/** The texts the app waits for before its first screen, in the default language. */
const FIRST_TEXTS = 'src/i18n/ru/common.json';

const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', DIST), 'utf8'));
const gzipped = new Map();
const gzipSize = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(new URL(file, DIST))).length);
  return gzipped.get(file);
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A manifest entry's file and every file it imports statically, transitively: what loading it fetches. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: build with build.manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

// the app's entry (the SCORM player, scorm-player.html, is an entry of its own, served on the content origin)
const APP_ENTRY = 'index.html';
const entry = manifest[APP_ENTRY]?.isEntry ? APP_ENTRY : Object.keys(manifest).find((key) => manifest[key].isEntry);
const signIn = staticClosure(FIRST_TEXTS, staticClosure(SIGN_IN_PAGE, staticClosure(entry)));
const signInBytes = [...signIn].reduce((sum, file) => sum + gzipSize(file), 0);

const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, bytes: gzipSize(file) }))
  .sort((a, b) => b.bytes - a.bytes);
const oversized = chunks.filter((chunk) => chunk.bytes > CHUNK_BUDGET);

console.log(`Sign-in page JavaScript: ${kb(signInBytes)} gzip in ${signIn.size} files (budget ${kb(SIGN_IN_BUDGET)})`);
console.log(`Largest chunks (budget ${kb(CHUNK_BUDGET)} each), of ${chunks.length}:`);
for (const { file, bytes } of chunks.slice(0, 5)) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);

const failures = [
  ...(signInBytes > SIGN_IN_BUDGET ? [`the sign-in page loads ${kb(signInBytes)} of JavaScript, over ${kb(SIGN_IN_BUDGET)}`] : []),
  ...oversized.map(({ file, bytes }) => `${file} is ${kb(bytes)}, over ${kb(CHUNK_BUDGET)}`),
];
if (failures.length > 0) {
  console.error(`JavaScript budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
