import type { RealtimeEvent } from '@vendai/contracts';
import { describe, expect, it } from 'vitest';
import { EnvelopeDecoder, encodeEnvelope, MAX_NOTIFY_BYTES } from './wire-format.ts';

const event = (id: string): RealtimeEvent => ({ event: 'conversation.deleted', data: { id } });

describe('realtime wire format', () => {
  it('a small event is one payload carrying the owner and the event', () => {
    const payloads = encodeEnvelope('user-1', event('c1'));
    expect(payloads).toHaveLength(1);
    expect(JSON.parse(payloads[0]!)).toEqual({ v: 1, u: 'user-1', e: event('c1') });
    expect(new EnvelopeDecoder().push(payloads[0]!)).toEqual({ u: 'user-1', e: event('c1') });
  });

  it('a large event is split into parts under the NOTIFY limit and put back together, whatever the order', () => {
    const big = event(`${'ção😀'.repeat(5000)}`);
    const payloads = encodeEnvelope('user-1', big);
    expect(payloads.length).toBeGreaterThan(2);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_NOTIFY_BYTES);

    const decoder = new EnvelopeDecoder();
    const shuffled = [...payloads].reverse();
    const results = shuffled.map((p) => decoder.push(p));
    expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
    expect(results.at(-1)).toEqual({ u: 'user-1', e: big });
  });

  it('parts of two large events interleaved still give both', () => {
    const a = encodeEnvelope('a', event('x'.repeat(20_000)));
    const b = encodeEnvelope('b', event('y'.repeat(20_000)));
    const decoder = new EnvelopeDecoder();
    const out = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (a[i]) out.push(decoder.push(a[i]!));
      if (b[i]) out.push(decoder.push(b[i]!));
    }
    expect(
      out
        .filter(Boolean)
        .map((e) => e!.u)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('ignores what it does not understand', () => {
    const decoder = new EnvelopeDecoder();
    for (const junk of [
      '',
      'não é json',
      '{}',
      '{"v":2,"u":"a","e":{"event":"x"}}',
      '{"v":1,"u":"a"}',
      '{"v":1,"c":"id","i":5,"n":2,"d":"x"}',
      'null',
    ]) {
      expect(decoder.push(junk), junk).toBeNull();
    }
  });
});
