import { describe, expect, it } from 'vitest';
import type { Gateway } from './gateway.ts';
import { createGatewayRouter } from './gateway-router.ts';

/** A Gateway whose every method records (adapter, method, instance) and answers its adapter's name. */
function recording(name: 'evolution' | 'cloud', calls: string[]): Gateway {
  return new Proxy({ kind: name } as Gateway, {
    get: (target, prop) =>
      prop === 'kind'
        ? target.kind
        : prop === 'then' // not a thenable: the router awaits the adapter it picks
          ? undefined
          : async (first: unknown) => {
              calls.push(`${name}.${String(prop)}(${typeof first === 'string' ? first : 'input'})`);
              return name;
            },
  });
}

describe('gateway router', () => {
  it("sends each call to the adapter of the number it names, and creates instances only on Evolution's side", async () => {
    const calls: string[] = [];
    const router = createGatewayRouter({
      evolution: recording('evolution', calls),
      cloud: recording('cloud', calls),
      isCloud: async (instance) => instance.startsWith('cloud-'),
    });
    expect(router.kind).toBe('evolution');
    expect(await router.sendText('cloud-1', { number: '55', text: 'oi' })).toBe('cloud');
    expect(await router.sendText('evo-1', { number: '55', text: 'oi' })).toBe('evolution');
    await router.markRead('cloud-1', []);
    await router.mediaBase64('evo-1', { key: { remoteJid: 'x', fromMe: false, id: 'a' } });
    await router.createInstance({ instanceName: 'cloud-2', webhookUrl: '', webhookHeaders: {}, events: [] });
    expect(calls).toEqual([
      'cloud.sendText(cloud-1)',
      'evolution.sendText(evo-1)',
      'cloud.markRead(cloud-1)',
      'evolution.mediaBase64(evo-1)',
      'evolution.createInstance(input)',
    ]);
  });
});
