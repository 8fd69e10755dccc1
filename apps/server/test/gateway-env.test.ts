import { describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env.ts';
import { createGateway } from '../src/integrations/gateway/index.ts';
import { simulatorApiKey } from '../src/simulator/simulator-config.ts';

const SECRET = 'a-real-secret-with-more-than-32-characters';

describe('gateway configuration', () => {
  it('uses the simulator by default outside production, at APP_URL/simulator/api', () => {
    const env = loadEnv({ APP_URL: 'http://localhost:4000' });
    expect(env.simulatorEnabled).toBe(true);
    expect(env.gatewayWebhookBaseUrl).toBe('http://localhost:4000');
    expect(createGateway(env).kind).toBe('simulator');
  });

  it('uses Evolution when URL and key are set, and then does not mount the simulator unless asked', () => {
    const env = loadEnv({ EVOLUTION_API_URL: 'https://evo.example.com', EVOLUTION_API_KEY: 'k' });
    expect(createGateway(env).kind).toBe('evolution');
    expect(env.simulatorEnabled).toBe(false);
    expect(
      loadEnv({ EVOLUTION_API_URL: 'https://evo.example.com', EVOLUTION_API_KEY: 'k', SIMULATOR_ENABLED: 'true' })
        .simulatorEnabled,
    ).toBe(true);
  });

  it('refuses half an Evolution configuration, naming the missing variable', () => {
    expect(() => loadEnv({ EVOLUTION_API_URL: 'https://evo.example.com' })).toThrow(/EVOLUTION_API_KEY/);
    expect(() => loadEnv({ EVOLUTION_API_KEY: 'k' })).toThrow(/EVOLUTION_API_URL/);
    expect(() => loadEnv({ EVOLUTION_API_URL: 'not a url', EVOLUTION_API_KEY: 'k' })).toThrow(/EVOLUTION_API_URL/);
  });

  it('refuses production with neither Evolution nor SIMULATOR_ENABLED=true, in Portuguese', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', AI_PROVIDER: 'demo', AUTH_SECRET: SECRET })).toThrow(
      /EVOLUTION_API_URL: obrigatório em produção[\s\S]*SIMULATOR_ENABLED=true/,
    );
    expect(
      loadEnv({ NODE_ENV: 'production', AI_PROVIDER: 'demo', AUTH_SECRET: SECRET, SIMULATOR_ENABLED: 'true' })
        .simulatorEnabled,
    ).toBe(true);
    const evo = loadEnv({
      NODE_ENV: 'production',
      AI_PROVIDER: 'demo',
      AUTH_SECRET: SECRET,
      EVOLUTION_API_URL: 'https://evo.example.com',
      EVOLUTION_API_KEY: 'k',
    });
    expect(evo.simulatorEnabled).toBe(false);
  });

  it('refuses SIMULATOR_ENABLED=false without Evolution (no gateway at all)', () => {
    expect(() => loadEnv({ SIMULATOR_ENABLED: 'false' })).toThrow(/SIMULATOR_ENABLED/);
    expect(() => loadEnv({ SIMULATOR_ENABLED: 'yes' })).toThrow(/SIMULATOR_ENABLED/);
  });

  it('GATEWAY_WEBHOOK_BASE_URL overrides where the gateway reaches the app (trailing slash removed)', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      AUTH_SECRET: SECRET,
      AI_PROVIDER: 'demo',
      SIMULATOR_ENABLED: 'true',
      APP_URL: 'https://app.vendai.com.br',
      GATEWAY_WEBHOOK_BASE_URL: 'http://10.0.0.5:3000/',
    });
    expect(env.gatewayWebhookBaseUrl).toBe('http://10.0.0.5:3000');
  });

  it('derives a stable, secret simulator key from AUTH_SECRET', () => {
    expect(simulatorApiKey({ authSecret: SECRET })).toBe(simulatorApiKey({ authSecret: SECRET }));
    expect(simulatorApiKey({ authSecret: SECRET })).not.toBe(simulatorApiKey({ authSecret: `${SECRET}x` }));
    expect(simulatorApiKey({ authSecret: SECRET })).not.toContain(SECRET);
  });
});
