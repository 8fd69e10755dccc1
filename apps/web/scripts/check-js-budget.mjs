// Build step after prerender.mjs: the JavaScript a first visit to each prerendered public page downloads
// (its module script and every modulepreload), brotli-compressed as the server sends it, must stay within
// the budget in docs/performance.md. The build fails when a page goes over, naming its files.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** Compressed JavaScript allowed on a prerendered public page. */
export const PUBLIC_PAGE_JS_BUDGET_BYTES = 100 * 1024;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const pagesDir = path.join(dist, 'prerendered');

/** Brotli size of a built file: the .br written by the build, or compressed here (small files have none). */
function brotliSize(file) {
  const br = `${file}.br`;
  if (fs.existsSync(br)) return fs.statSync(br).size;
  return zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

let failed = false;
for (const page of fs.readdirSync(pagesDir).filter((f) => f.endsWith('.html'))) {
  const html = fs.readFileSync(path.join(pagesDir, page), 'utf8');
  const scripts = [
    ...html.matchAll(/<script type="module"[^>]*src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  const sizes = scripts.map((file) => ({ file, bytes: brotliSize(path.join(dist, file)) }));
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const over = total > PUBLIC_PAGE_JS_BUDGET_BYTES;
  console.log(
    `${over ? '✖' : '✓'} ${page}: ${kb(total)} of JavaScript (brotli) in ${scripts.length} files; budget ${kb(PUBLIC_PAGE_JS_BUDGET_BYTES)}`,
  );
  if (over) {
    failed = true;
    for (const s of sizes.sort((a, b) => b.bytes - a.bytes)) console.log(`    ${kb(s.bytes).padStart(9)}  ${s.file}`);
  }
}
if (failed) {
  console.error('JavaScript budget of the public pages exceeded (apps/web/scripts/check-js-budget.mjs).');
  process.exit(1);
}
