/**
 * The server as test processes start it: the production bundle (apps/server/scripts/build.mjs), built once
 * per test process into apps/server/dist/test-<pid>-server.js. Node loads one bundled file instead of tsx
 * compiling and resolving every source module, about 3.5 s of CPU less a start (docs/performance.md#ci-time,
 * docs/decisions/081-server-processes-from-the-bundle.md). The unit passes run before `npm run build`,
 * so they build their own bundle (about a second) and never read or replace the production one.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.join(serverDir, 'dist');
const prefix = `test-${process.pid}-`;

let built: Promise<string> | undefined;

/**
 * The bundle's entry (an absolute path), built on first use in this process. Its files are removed when the
 * process exits normally; vitest ends its workers with a signal, which skips that, so the next test process's
 * build removes every bundle whose process is gone (the files sit in dist/, ignored by git and the checks).
 */
export function serverBundleEntry(): Promise<string> {
  built ??= build();
  return built;
}

async function build(): Promise<string> {
  removeStaleBundles();
  await promisify(execFile)(process.execPath, [path.join(serverDir, 'scripts/build.mjs'), '--prefix', prefix]);
  process.once('exit', () => {
    for (const file of bundleFiles(prefix)) fs.rmSync(path.join(distDir, file), { force: true });
  });
  return path.join(distDir, `${prefix}server.js`);
}

function bundleFiles(filePrefix: string): string[] {
  return fs.existsSync(distDir) ? fs.readdirSync(distDir).filter((f) => f.startsWith(filePrefix)) : [];
}

/** Bundles left by test processes that ended without their exit handler (killed). */
function removeStaleBundles(): void {
  for (const file of bundleFiles('test-')) {
    const pid = Number(/^test-(\d+)-/.exec(file)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      fs.rmSync(path.join(distDir, file), { force: true });
    }
  }
}
