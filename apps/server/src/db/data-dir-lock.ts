import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no cross-process lock: two processes on one data directory corrupt it. A pid file
 * refuses a second process with a clear message and is taken over when its owner is gone.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  const existing = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : NaN;
  if (Number.isInteger(existing) && existing !== process.pid && isAlive(existing)) {
    throw new Error(
      `O diretório de dados ${dataDir} já está em uso pelo processo ${existing}. ` +
        'Pare esse processo, use outro DATA_DIR ou configure DATABASE_URL para vários processos.',
    );
  }
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
