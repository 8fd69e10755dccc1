// Production build of the server: one ESM bundle (apps/server/dist/server.js) that plain `node` runs,
// so `npm start` needs no TypeScript loader. npm packages stay external (installed in node_modules);
// the workspace's own TypeScript (@vendai/contracts, and the fakes such as @vendai/payments-standin) is
// bundled in. A package's SQL migrations stay in packages/<name>/drizzle, read at run time (paths.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bare imports are npm packages (external), except our own workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@vendai/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: [path.join(root, 'src/server.ts')],
  outfile: path.join(root, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  legalComments: 'none',
  plugins: [externalPackages],
  logLevel: 'warning',
});
console.log(`server bundle: apps/server/dist/server.js (${Date.now() - started} ms)`);
