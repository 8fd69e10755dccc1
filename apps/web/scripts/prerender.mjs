// Build step after `vite build` (the app), `vite build --mode public` (the public pages' client, with its
// own manifest) and `vite build --ssr src/entry-prerender.tsx`:
// renders the public pages with the real React components into copies of index.html, so their first
// paint is the real page, not a blank one. Their script is the public entry (src/public-main.tsx, which
// hydrates them without the app's router and query client), not the app's. Writes
// dist/prerendered/<page>.html with .br and .gz beside each (the server picks them by path:
// apps/server/src/plugins/web-app.ts) and modulepreload links for every chunk the page needs, so
// hydration does not wait on a chain. Then checks the JS budget of each page (check-js-budget.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const serverBuild = path.join(webRoot, 'dist-prerender');

/**
 * URL → output file and the page module whose chunks it preloads (src/app/public-pages.ts lists the same
 * pages; the server keeps the same URLs).
 */
const LANDING = 'src/features/landing/components/landing-page.tsx';
const PRIVACY = 'src/features/legal/components/privacy-page.tsx';
const PRERENDERED_PAGES = [
  { url: '/', file: 'home.html', page: LANDING },
  { url: '/privacy', file: 'privacy.html', page: PRIVACY },
  { url: '/politica-de-privacidade', file: 'politica-de-privacidade.html', page: PRIVACY },
];
const PUBLIC_ENTRY = 'src/public-main.tsx';

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/public-manifest.json'), 'utf8'));
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const { render } = await import(pathToFileURL(path.join(serverBuild, 'entry-prerender.js')).href);

/** The chunk of a manifest key and every chunk it imports statically, with their CSS. */
function chunksOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const css of entry.css ?? []) seen.add(css);
  for (const dep of entry.imports ?? []) chunksOf(dep, seen);
  return seen;
}

/** index.html without the app's own script, preloads and styles: the public pages bring theirs. */
const publicTemplate = template
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '');
if (publicTemplate.includes('/assets/')) throw new Error('index.html references assets prerender.mjs does not replace');

const outDir = path.join(dist, 'prerendered');
fs.mkdirSync(outDir, { recursive: true });
const marker = '<div id="root"></div>';
if (!template.includes(marker)) throw new Error('index.html has no empty <div id="root"></div>');
for (const page of PRERENDERED_PAGES) {
  const body = await render(page.url);
  const entry = manifest[PUBLIC_ENTRY].file;
  const files = [...chunksOf(PUBLIC_ENTRY), ...chunksOf(page.page)];
  const unique = [...new Set(files)];
  const head = [
    ...unique
      .filter((file) => file.endsWith('.css'))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    `<script type="module" crossorigin src="/${entry}"></script>`,
    ...unique
      .filter((file) => file.endsWith('.js') && file !== entry)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
  const html = publicTemplate.replace('</head>', `${head}</head>`).replace(marker, `<div id="root">${body}</div>`);
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
