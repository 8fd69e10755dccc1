// Build step after the app's build (docs/decisions/067-web-push.md): fills the service worker's list of
// the app shell's files (public/sw.js PRECACHE) from Vite's manifest — the app entry's script, its styles
// and every chunk it imports statically, the icons and the web manifest — and names its cache after them,
// so each build with new files installs a new worker that drops the old cache. The compressed copies the
// build wrote of the template (sw.js.br, sw.js.gz) are removed: the server would send them instead.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(`/${chunk.file}`)) return;
  files.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) files.add(`/${css}`);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit('index.html');
if (files.size === 0) throw new Error('service-worker: the app entry (index.html) is not in the Vite manifest');
for (const icon of fs.readdirSync(path.join(dist, 'icons')).filter((f) => f.endsWith('.png')))
  files.add(`/icons/${icon}`);
files.add('/manifest.webmanifest');
files.add('/favicon.svg');

const list = [...files].sort();
const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12);
const file = path.join(dist, 'sw.js');
const template = fs.readFileSync(file, 'utf8');
const filled = template
  .replace('const PRECACHE = [];', `const PRECACHE = ${JSON.stringify(list)};`)
  .replace("const CACHE = 'vendai-shell-dev';", `const CACHE = 'vendai-shell-${version}';`);
if (filled === template || !filled.includes(version))
  throw new Error('service-worker: sw.js has no PRECACHE/CACHE to fill');
fs.writeFileSync(file, filled);
for (const copy of ['sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(dist, copy), { force: true });
console.log(`service worker: ${list.length} files of the app shell, cache vendai-shell-${version}`);
