// `npm start`: builds whatever has not been built yet, then runs the server (API + web app).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['packages/contracts/dist/index.js', 'packages/server/dist/main.js', 'packages/web/dist/index.html'];
const missing = outputs.filter((file) => !existsSync(`${root}/${file}`));
if (missing.length > 0) {
  console.log(`Building (missing: ${missing.join(', ')})…`);
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(new URL('../packages/server/dist/main.js', import.meta.url).href);
