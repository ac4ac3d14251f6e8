// `npm start`: builds when a build is missing or older than the sources (after a `git pull`, say),
// then runs the server (API + web app). The time of the last build it made is kept in a stamp file:
// an unchanged package keeps its old output files, so their times cannot tell.
import { execSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['packages/contracts/dist/index.js', 'packages/server/dist/main.js', 'packages/web/dist/index.html'];
/** What the build reads: each package's sources and the files that configure it. */
const sources = ['packages/contracts', 'packages/server', 'packages/web', 'tsconfig.base.json', 'tsconfig.json', 'package-lock.json'];
const SKIPPED = new Set(['node_modules', 'dist']);
const STAMP = path.join(root, 'node_modules/.cache/oqu/built');

const modified = (file) => statSync(path.resolve(root, file), { throwIfNoEntry: false })?.mtimeMs;

/** The newest modification time under `entry`, leaving out dependencies and build output. */
function newest(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    if (SKIPPED.has(child.name) || child.name.endsWith('.tsbuildinfo')) continue;
    latest = Math.max(latest, child.isDirectory() ? newest(path.join(entry, child.name)) : statSync(path.join(entry, child.name)).mtimeMs);
  }
  return latest;
}

const built = outputs.map(modified);
const lastBuild = modified(STAMP) ?? Math.min(...built);
const reason = built.includes(undefined)
  ? `missing: ${outputs.filter((_, i) => built[i] === undefined).join(', ')}`
  : Math.max(...sources.map((source) => newest(path.join(root, source)))) > lastBuild
    ? 'the sources changed since the last build'
    : null;
if (reason) {
  console.log(`Building (${reason})…`);
  const started = new Date();
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  // stamped with the start, so that a file saved during the build counts as newer
  mkdirSync(path.dirname(STAMP), { recursive: true });
  closeSync(openSync(STAMP, 'w'));
  utimesSync(STAMP, started, started);
}
await import(new URL('../packages/server/dist/main.js', import.meta.url).href);
