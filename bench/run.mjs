// `npm run bench -- <name>`: runs bench/scenarios/<name>.mjs.
import { readdirSync } from 'node:fs';

const name = process.argv[2];
const available = readdirSync(new URL('./scenarios', import.meta.url)).map((f) => f.replace(/\.mjs$/, ''));
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <${available.join('|')}>`);
  process.exit(2);
}
await import(`./scenarios/${name}.mjs`);
