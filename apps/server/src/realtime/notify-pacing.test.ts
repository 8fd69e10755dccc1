import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEvent } from '@vendai/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { createRealtimeHub, NOTIFY_GAP_MS } from './create-realtime-hub.ts';
import type { NotifyTransport } from './notify-transport.ts';

const event = (id: string): RealtimeEvent => ({ event: 'conversation.deleted', data: { id } });
const idsOf = (payloads: string[]) => payloads.map((p) => (JSON.parse(p) as { e: { data: { id: string } } }).e.data.id);

/** A transport that records each NOTIFY statement's payloads. */
function recordingTransport() {
  const statements: string[][] = [];
  const transport: NotifyTransport = {
    notify: (payloads) => {
      statements.push(payloads);
      return Promise.resolve();
    },
    listen: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return { statements, transport };
}

describe('realtime hub: NOTIFY pacing', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('sends an event after a quiet moment at once, and events close behind it together in order', async () => {
    const { statements, transport } = recordingTransport();
    const hub = createRealtimeHub({
      database: {} as Database,
      log: { error: vi.fn() } as unknown as FastifyBaseLogger,
      validateEvents: true,
      transport,
    });

    const first = hub.publish('u1', event('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(statements.map(idsOf)).toEqual([['a']]);
    await first;

    // Within the gap: they wait for it and go as one statement, in publish order.
    const later = [hub.publish('u1', event('b')), hub.publish('u2', event('c')), hub.publish('u1', event('d'))];
    await vi.advanceTimersByTimeAsync(0);
    expect(statements).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(NOTIFY_GAP_MS);
    await Promise.all(later);
    expect(statements.map(idsOf)).toEqual([['a'], ['b', 'c', 'd']]);

    // After a quiet moment: at once again.
    await vi.advanceTimersByTimeAsync(5 * NOTIFY_GAP_MS);
    void hub.publish('u1', event('e'));
    await vi.advanceTimersByTimeAsync(0);
    expect(statements.map(idsOf)).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
  });

  it('sends what was published before close', async () => {
    const { statements, transport } = recordingTransport();
    const hub = createRealtimeHub({
      database: {} as Database,
      log: { error: vi.fn() } as unknown as FastifyBaseLogger,
      validateEvents: false,
      transport,
    });
    await hub.publish('u1', event('a'));
    void hub.publish('u1', event('b'));
    const closed = hub.close();
    await vi.advanceTimersByTimeAsync(NOTIFY_GAP_MS);
    await closed;
    expect(statements.map(idsOf)).toEqual([['a'], ['b']]);
  });
});
