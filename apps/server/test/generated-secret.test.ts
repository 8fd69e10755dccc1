import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simulatorApiKey } from '../src/simulator/simulator-config.ts';
import { loadEnv } from '../src/config/env.ts';
import { GENERATED_SECRET_FILE, loadOrCreateGeneratedSecret } from '../src/config/generated-secret.ts';

const folders: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-secret-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the generated secret (AUTH_SECRET unset outside production)', () => {
  it('is created once in the data folder, mode 0600, and reused on the next start', () => {
    const dir = path.join(tempDir(), 'data');
    const secret = loadOrCreateGeneratedSecret(dir);
    const file = path.join(dir, GENERATED_SECRET_FILE);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(loadOrCreateGeneratedSecret(dir)).toBe(secret);
    // A copy that widened its mode is narrowed again when reused.
    fs.chmodSync(file, 0o644);
    expect(loadOrCreateGeneratedSecret(dir)).toBe(secret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // No temporary file is left behind.
    expect(fs.readdirSync(dir)).toEqual([GENERATED_SECRET_FILE]);
  });

  it('differs per data folder', () => {
    expect(loadOrCreateGeneratedSecret(tempDir())).not.toBe(loadOrCreateGeneratedSecret(tempDir()));
  });

  it('refuses an emptied or truncated file, saying how to recover', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, GENERATED_SECRET_FILE), 'curto\n', { mode: 0o600 });
    expect(() => loadOrCreateGeneratedSecret(dir)).toThrow(/AUTH_SECRET: o segredo gerado em .* está vazio ou curto/);
  });

  it('signs sessions and derives the simulator key, also when DATABASE_URL is set', () => {
    const a = tempDir();
    const b = tempDir();
    const onPostgres = { DATABASE_URL: 'postgres://app@127.0.0.1:5432/vendai' };
    const first = loadEnv({ ...onPostgres, DATA_DIR: a });
    expect(first.authSecret).toBe(fs.readFileSync(path.join(a, GENERATED_SECRET_FILE), 'utf8').trim());
    expect(loadEnv({ ...onPostgres, DATA_DIR: a }).authSecret).toBe(first.authSecret);
    const other = loadEnv({ ...onPostgres, DATA_DIR: b });
    expect(other.authSecret).not.toBe(first.authSecret);
    expect(simulatorApiKey(other)).not.toBe(simulatorApiKey(first));
    expect(simulatorApiKey(loadEnv({ DATA_DIR: a }))).toBe(simulatorApiKey(first));
  });

  it('is not generated when AUTH_SECRET is set, nor in production', () => {
    const dir = tempDir();
    const secret = 'um-segredo-definido-com-mais-de-32-caracteres';
    expect(loadEnv({ DATA_DIR: dir, AUTH_SECRET: secret }).authSecret).toBe(secret);
    expect(() => loadEnv({ DATA_DIR: dir, NODE_ENV: 'production', SIMULATOR_ENABLED: 'true' })).toThrow(
      /AUTH_SECRET: obrigatório em produção/,
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
