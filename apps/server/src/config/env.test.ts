import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-real-secret-with-more-than-32-characters',
  SIMULATOR_ENABLED: 'true',
  AI_PROVIDER: 'demo',
};

describe('loadEnv', () => {
  it('gives working defaults with no configuration', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-env-'));
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      LOG_LEVEL: 'info',
      appUrl: 'http://localhost:3000',
    });
    expect(env.dataDir).toBe(dataDir);
    expect(env.authSecret.length).toBeGreaterThanOrEqual(32);
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('listens on this machine only outside production, on every interface in production, or where HOST says', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-env-'));
    expect(loadEnv({ DATA_DIR: dataDir }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ DATA_DIR: dataDir, HOST: '' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ DATA_DIR: dataDir, HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ ...PRODUCTION, DATA_DIR: dataDir }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ ...PRODUCTION, DATA_DIR: dataDir, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['abc', '70000', '-1', '3000.5'])('refuses PORT=%s with a message naming PORT', (port) => {
    expect(() => loadEnv({ PORT: port })).toThrow(/Configuração inválida[\s\S]*PORT/);
  });

  it('refuses production without AUTH_SECRET, naming AUTH_SECRET', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(() => loadEnv({ NODE_ENV: 'production', AUTH_SECRET: '' })).toThrow(/AUTH_SECRET/);
  });

  it('accepts production with AUTH_SECRET and uses it', () => {
    const secret = 'a-real-secret-with-more-than-32-characters';
    expect(loadEnv({ ...PRODUCTION, AUTH_SECRET: secret }).authSecret).toBe(secret);
  });

  it('treats empty values as unset and strips the trailing slash of APP_URL', () => {
    const env = loadEnv({ ...PRODUCTION, DATABASE_URL: '', SMTP_URL: '', APP_URL: 'https://app.vendai.com.br/' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.appUrl).toBe('https://app.vendai.com.br');
  });

  it('refuses a DATABASE_URL that is not a URL, naming it', () => {
    expect(() => loadEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
