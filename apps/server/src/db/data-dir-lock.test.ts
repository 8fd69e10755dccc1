import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const lockModule = pathToFileURL(path.join(here, 'data-dir-lock.ts')).href;

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-lock-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Another server process: takes the lock on `dataDir`, says so, and holds it until killed. */
async function startHolder(dataDir: string): Promise<ChildProcess> {
  const script = path.join(tempDir(), 'holder.ts');
  fs.writeFileSync(
    script,
    `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};\n` +
      'acquireDataDirLock(process.argv[2]);\nconsole.log("locked");\nsetInterval(() => {}, 60_000);\n',
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
    cwd: here,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}: ${stderr}`)));
  });
  return child;
}

describe('acquireDataDirLock', () => {
  it('refuses a second process while the first one holds the data directory', async () => {
    const dataDir = tempDir();
    const holder = await startHolder(dataDir);

    expect(() => acquireDataDirLock(dataDir)).toThrow(
      new RegExp(`já está em uso pelo processo ${holder.pid}[\\s\\S]*DATABASE_URL`),
    );
    expect(fs.readFileSync(path.join(dataDir, 'server.pid'), 'utf8')).toBe(String(holder.pid));
  });

  it('takes over a lock left by a process that is gone, and release removes it', async () => {
    const dataDir = tempDir();
    const holder = await startHolder(dataDir);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;

    const release = acquireDataDirLock(dataDir);
    const file = path.join(dataDir, 'server.pid');
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('creates the data directory when it does not exist yet', () => {
    const dataDir = path.join(tempDir(), 'novo', 'data');
    const release = acquireDataDirLock(dataDir);
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(true);
    release();
  });
});
