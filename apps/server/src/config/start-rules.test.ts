import { describe, expect, it } from 'vitest';
import { isLoopbackHost, type StartSettings, startProblems } from './start-rules.ts';

const READY: StartSettings = {
  NODE_ENV: 'production',
  PORT: 3000,
  AUTH_SECRET: 'x'.repeat(32),
  EVOLUTION_API_URL: 'https://evo.exemplo.com',
  AI_BASE_URL: 'https://api.exemplo.com/v1',
};

describe('startProblems', () => {
  it.each(['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['vendai.com.br', '10.0.0.5', '192.168.0.2', '0.0.0.0', 'localhost.exemplo.com', '[::]'])(
    '%s is not loopback',
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );

  it('outside production: only a loopback http APP_URL (or none) may start', () => {
    for (const NODE_ENV of ['development', 'test'] as const) {
      expect(startProblems({ NODE_ENV, PORT: 3000 })).toEqual([]);
      expect(startProblems({ NODE_ENV, PORT: 3000, APP_URL: 'http://127.0.0.1:4000' })).toEqual([]);
      for (const APP_URL of ['http://10.0.0.5:3000', 'https://localhost:3000', 'http://vendai.com.br']) {
        const [problem, ...rest] = startProblems({ NODE_ENV, PORT: 3000, APP_URL });
        expect(rest).toEqual([]);
        expect(problem).toMatch(/^NODE_ENV: .*defina NODE_ENV=production.*APP_URL=http:\/\/localhost:3000$/);
      }
    }
  });

  it('in production: each missing requirement is its own line, named first', () => {
    expect(startProblems(READY)).toEqual([]);
    expect(startProblems({ ...READY, APP_URL: 'https://app.vendai.com.br' })).toEqual([]);
    expect(startProblems({ ...READY, EVOLUTION_API_URL: undefined, SIMULATOR_ENABLED: 'true' })).toEqual([]);
    expect(startProblems({ ...READY, AI_BASE_URL: undefined, AI_PROVIDER: 'demo' })).toEqual([]);
    const names = (s: StartSettings) => startProblems(s).map((p) => p.split(':')[0]);
    expect(names({ ...READY, AUTH_SECRET: undefined })).toEqual(['AUTH_SECRET']);
    expect(names({ ...READY, AUTH_SECRET: 'x'.repeat(31) })).toEqual(['AUTH_SECRET']);
    expect(names({ ...READY, EVOLUTION_API_URL: undefined, SIMULATOR_ENABLED: 'false' })).toEqual([
      'EVOLUTION_API_URL',
    ]);
    expect(names({ ...READY, PAYMENTS_STANDIN_ENABLED: 'true' })).toEqual(['PAYMENTS_STANDIN_ENABLED']);
    expect(names({ ...READY, AI_BASE_URL: undefined })).toEqual(['AI_BASE_URL']);
    expect(names({ NODE_ENV: 'production', PORT: 3000, PAYMENTS_STANDIN_ENABLED: 'true' })).toEqual([
      'AUTH_SECRET',
      'EVOLUTION_API_URL',
      'PAYMENTS_STANDIN_ENABLED',
      'AI_BASE_URL',
    ]);
  });

  it('in production: APP_URL and EVOLUTION_API_URL are https unless loopback; a private http Evolution only on purpose', () => {
    const names = (s: StartSettings) => startProblems(s).map((p) => p.split(':')[0]);
    expect(names({ ...READY, APP_URL: 'http://app.vendai.com.br' })).toEqual(['APP_URL']);
    expect(startProblems({ ...READY, APP_URL: 'http://10.0.0.5:3000' })[0]).toMatch(/https.*TRUST_PROXY\)$/);
    expect(names({ ...READY, EVOLUTION_API_URL: 'http://evo.exemplo.com' })).toEqual(['EVOLUTION_API_URL']);
    expect(startProblems({ ...READY, EVOLUTION_API_URL: 'http://evolution:8080' })[0]).toMatch(
      /EVOLUTION_API_KEY iria sem criptografia.*EVOLUTION_API_ALLOW_HTTP=true$/,
    );
    // Loopback: nothing leaves the machine. A private network: on purpose only.
    expect(startProblems({ ...READY, APP_URL: 'http://localhost:3000' })).toEqual([]);
    expect(startProblems({ ...READY, EVOLUTION_API_URL: 'http://127.0.0.1:8080' })).toEqual([]);
    expect(
      startProblems({ ...READY, EVOLUTION_API_URL: 'http://evolution:8080', EVOLUTION_API_ALLOW_HTTP: 'true' }),
    ).toEqual([]);
    // The opt-out is for the Evolution API only.
    expect(names({ ...READY, APP_URL: 'http://app.vendai.com.br', EVOLUTION_API_ALLOW_HTTP: 'true' })).toEqual([
      'APP_URL',
    ]);
  });

  it('web and worker need PostgreSQL: without DATABASE_URL (PGlite, one process) the start is refused', () => {
    for (const NODE_ENV of ['development', 'production'] as const) {
      const base = NODE_ENV === 'production' ? READY : { NODE_ENV, PORT: 3000 };
      for (const VENDAI_ROLE of ['web', 'worker'] as const) {
        const [problem, ...rest] = startProblems({ ...base, VENDAI_ROLE });
        expect(rest).toEqual([]);
        expect(problem).toMatch(
          new RegExp(`^VENDAI_ROLE: ${VENDAI_ROLE} só funciona com PostgreSQL \\(DATABASE_URL\\)`),
        );
        expect(startProblems({ ...base, VENDAI_ROLE, DATABASE_URL: 'postgres://db/vendai' })).toEqual([]);
      }
      expect(startProblems({ ...base, VENDAI_ROLE: 'all' })).toEqual([]);
    }
  });
});
