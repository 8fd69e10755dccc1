import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createWebhookDispatcher,
  eventConfigName,
  eventSlug,
  type RetryPolicy,
  webhookRetryDelayMs,
} from '../src/simulator/webhook-dispatcher.ts';
import { type CaptureServer, startCaptureServer, waitFor } from './helpers/gateway-helpers.ts';

const quiet = { info() {}, warn() {} };
/**
 * A log that keeps what the dispatcher decided after each attempt: 'failed, retrying' (a retry is
 * scheduled), 'refused (not retried)' or 'dropped after the last attempt' (the delivery is over).
 */
function decisions() {
  const lines: { msg: string; status?: number; attempts?: number }[] = [];
  const record = (obj: object, msg: string) => void lines.push({ ...obj, msg });
  return {
    log: { info: record, warn: record },
    lines,
    count: (msg: string) => lines.filter((l) => l.msg === msg).length,
  };
}
const fast: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 20,
  maxDelayMs: 80,
  timeoutMs: 2_000,
  nonRetryableStatuses: [400, 401, 403, 404, 422],
};

let capture: CaptureServer;
beforeAll(async () => {
  capture = await startCaptureServer();
});
afterAll(async () => {
  await capture?.close();
});

describe('event names', () => {
  it('maps dotted names to the config name and the byEvents slug', () => {
    expect(eventConfigName('messages.upsert')).toBe('MESSAGES_UPSERT');
    expect(eventConfigName('group-participants.update')).toBe('GROUP_PARTICIPANTS_UPDATE');
    expect(eventSlug('messages.upsert')).toBe('messages-upsert');
    expect(eventSlug('group-participants.update')).toBe('group-participants-update');
  });
});

describe('webhookRetryDelayMs (Evolution: 5 s·2^(n-1), capped at 300 s, ±20 % jitter, never below 5 s)', () => {
  const policy = { baseDelayMs: 5_000, maxDelayMs: 300_000 };
  it('doubles per attempt within ±20 %', () => {
    expect(webhookRetryDelayMs(1, policy, () => 0.5)).toBe(5_000);
    expect(webhookRetryDelayMs(2, policy, () => 0.5)).toBe(10_000);
    expect(webhookRetryDelayMs(3, policy, () => 1)).toBe(24_000);
    expect(webhookRetryDelayMs(3, policy, () => 0)).toBe(16_000);
  });
  it('caps at the maximum and never goes under the base', () => {
    expect(webhookRetryDelayMs(20, policy, () => 0.5)).toBe(300_000);
    expect(webhookRetryDelayMs(1, policy, () => 0)).toBe(5_000);
  });
});

describe('createWebhookDispatcher', () => {
  it('retries failures until the receiver accepts', async () => {
    const path = `/retry-${Date.now()}`;
    let calls = 0;
    capture.respond = (req) => (req.path === path ? (++calls < 3 ? 503 : 200) : 200);
    const d = createWebhookDispatcher(quiet, fast);
    try {
      d.dispatch(
        'i',
        { url: `${capture.url}${path}`, headers: { 'x-k': 'v' } },
        { event: 'messages.upsert', data: { n: 1 } },
      );
      await waitFor(() => calls >= 3, { what: 'three attempts' });
      // Kept: "no fourth attempt after the 200" can only be seen as time passing. A retry would be
      // due at most 96 ms after the answer (80 ms + 20 % jitter); 250 ms leaves room on a loaded machine.
      await new Promise((r) => setTimeout(r, 250));
      const seen = capture.requests.filter((r) => r.path === path);
      expect(seen).toHaveLength(3);
      // The very same payload each time, with the custom header.
      expect(new Set(seen.map((r) => r.raw)).size).toBe(1);
      expect(seen.every((r) => r.headers['x-k'] === 'v')).toBe(true);
    } finally {
      d.close();
      capture.respond = 200;
    }
  });

  it.each([400, 401, 403, 404, 422])('stops at once on %i', async (status) => {
    const path = `/stop-${status}-${Date.now()}`;
    capture.respond = (req) => (req.path === path ? status : 200);
    const seen = decisions();
    const d = createWebhookDispatcher(seen.log, fast);
    try {
      d.dispatch('i', { url: `${capture.url}${path}`, headers: {} }, { event: 'x' });
      await d.settled();
      // The first attempt is over and its decision made: refused, so no retry was scheduled.
      expect(seen.lines).toEqual([expect.objectContaining({ msg: 'simulator webhook refused (not retried)', status })]);
      expect(capture.requests.filter((r) => r.path === path)).toHaveLength(1);
    } finally {
      d.close();
      capture.respond = 200;
    }
  });

  it('drops the event after the last attempt', async () => {
    const path = `/down-${Date.now()}`;
    capture.respond = (req) => (req.path === path ? 500 : 200);
    const seen = decisions();
    const d = createWebhookDispatcher(seen.log, fast);
    try {
      d.dispatch('i', { url: `${capture.url}${path}`, headers: {} }, { event: 'x' });
      // The delivery is over once the dispatcher says it dropped the event: nothing is scheduled after that.
      await waitFor(() => seen.count('simulator webhook dropped after the last attempt') === 1, {
        what: 'the event dropped',
      });
      expect(seen.count('simulator webhook failed, retrying')).toBe(3);
      expect(capture.requests.filter((r) => r.path === path)).toHaveLength(4);
    } finally {
      d.close();
      capture.respond = 200;
    }
  });

  it('delivers first attempts of one queue in order', async () => {
    const path = `/order-${Date.now()}`;
    const d = createWebhookDispatcher(quiet, fast);
    try {
      for (let i = 0; i < 5; i++)
        d.dispatch('same', { url: `${capture.url}${path}`, headers: {} }, { event: 'x', data: i });
      await d.settled();
      expect(capture.requests.filter((r) => r.path === path).map((r) => (r.body as { data: number }).data)).toEqual([
        0, 1, 2, 3, 4,
      ]);
    } finally {
      d.close();
    }
  });

  it('close cancels scheduled retries', async () => {
    const path = `/closed-${Date.now()}`;
    capture.respond = (req) => (req.path === path ? 500 : 200);
    const seen = decisions();
    // The retry waits on a fake clock: moving it past the retry's time shows whether one would go out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetches = vi.spyOn(globalThis, 'fetch');
    const d = createWebhookDispatcher(seen.log, fast);
    try {
      d.dispatch('i', { url: `${capture.url}${path}`, headers: {} }, { event: 'x' });
      await d.settled();
      expect(seen.count('simulator webhook failed, retrying')).toBe(1);
      d.close();
      vi.advanceTimersByTime(fast.maxDelayMs * 2);
      expect(fetches).toHaveBeenCalledTimes(1);
      expect(capture.requests.filter((r) => r.path === path)).toHaveLength(1);
    } finally {
      fetches.mockRestore();
      vi.useRealTimers();
      capture.respond = 200;
    }
  });
});
