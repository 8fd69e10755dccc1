import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file in the data folder that keeps the generated secret (docs/decisions/020-production-mode.md). */
export const GENERATED_SECRET_FILE = 'auth-secret';

/** Shortest AUTH_SECRET accepted in production, and the length a generated one always has. */
export const AUTH_SECRET_MIN_LENGTH = 32;

/**
 * Outside production, with AUTH_SECRET unset: the secret kept in `<dataDir>/auth-secret`, created on
 * the first start (48 random bytes, base64url, mode 0600) and reused on every later one, so sessions
 * survive restarts and no secret is ever shared between installations.
 */
export function loadOrCreateGeneratedSecret(dataDir: string): string {
  const file = path.join(dataDir, GENERATED_SECRET_FILE);
  const text = loadOrCreateDataFile(dataDir, GENERATED_SECRET_FILE, () => randomBytes(48).toString('base64url'));
  if (text.length < AUTH_SECRET_MIN_LENGTH) {
    throw new Error(
      `Configuração inválida:\n  - AUTH_SECRET: o segredo gerado em ${file} está vazio ou curto demais; ` +
        'apague o arquivo para gerar outro (as sessões abertas terminam) ou defina AUTH_SECRET',
    );
  }
  return text;
}

/**
 * A generated file of the data folder (the auth secret, the Web Push VAPID keys): created on the first
 * start with `create()` (mode 0600) and read, trimmed, on every later one. The file appears complete or
 * not at all (written under a temporary name, then hard-linked into place): two processes starting at
 * once on one folder end up with the same content, the loser reading the winner's file.
 */
export function loadOrCreateDataFile(dataDir: string, name: string, create: () => string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  const existing = readTrimmed(file);
  if (existing !== null) {
    // A copy or a restore may have widened it: the secret stays readable by its owner only.
    if (fs.statSync(file).mode & 0o077) fs.chmodSync(file, 0o600);
    return existing;
  }
  const content = create();
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${content}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
    return content;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readTrimmed(file) ?? content;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

function readTrimmed(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
