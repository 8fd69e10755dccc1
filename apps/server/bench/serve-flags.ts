import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The node flags `npm run serve` (and so `npm start`) gives the production bundle, read from the root
 * package.json, so the benches measure the server exactly as it runs.
 */
export function serveNodeFlags(): string[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } };
  return pkg.scripts.serve.split(/\s+/).filter((arg) => arg.startsWith('--'));
}
