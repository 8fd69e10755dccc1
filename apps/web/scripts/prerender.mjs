// Build step after `vite build` (client, with manifest) and `vite build --ssr src/entry-prerender.tsx`:
// renders the public pages with the real React components into copies of index.html, so their first
// paint is the real page, not a blank one; main.tsx hydrates them. Writes dist/prerendered/<page>.html
// with .br and .gz beside each (the server picks them by path: apps/server/src/plugins/web-app.ts) and
// modulepreload links for the route chunks each page needs, so hydration does not wait on a chain.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const serverBuild = path.join(webRoot, 'dist-prerender');

/** URL → output file and the route module whose chunks it preloads (the server keeps the same list). */
const PRERENDERED_PAGES = [
  { url: '/', file: 'home.html', route: 'src/app/routes/landing.tsx' },
  { url: '/privacy', file: 'privacy.html', route: 'src/app/routes/privacy.tsx' },
  { url: '/politica-de-privacidade', file: 'politica-de-privacidade.html', route: 'src/app/routes/privacy.tsx' },
];

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const { render } = await import(pathToFileURL(path.join(serverBuild, 'entry-prerender.js')).href);

/** The route chunk and every chunk it imports statically. */
function chunksOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) chunksOf(dep, seen);
  return seen;
}

const outDir = path.join(dist, 'prerendered');
fs.mkdirSync(outDir, { recursive: true });
const marker = '<div id="root"></div>';
if (!template.includes(marker)) throw new Error('index.html has no empty <div id="root"></div>');
for (const page of PRERENDERED_PAGES) {
  const body = await render(page.url);
  const already = new Set([...template.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]));
  const preloads = [...chunksOf(page.route)]
    .filter((file) => file.endsWith('.js') && !already.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  const html = template.replace('</head>', `${preloads}</head>`).replace(marker, `<div id="root">${body}</div>`);
  const file = path.join(outDir, page.file);
  fs.writeFileSync(file, html);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  console.log(`prerendered ${page.url} → dist/prerendered/${page.file} (${(html.length / 1024).toFixed(1)} KB)`);
}
fs.rmSync(serverBuild, { recursive: true, force: true });
