/**
 * The stand-in refuses what Meta's Conversions API refuses, with Meta's error shape
 * ({error: {message, type, code, error_subcode, fbtrace_id}}), for business messaging events
 * (https://developers.facebook.com/documentation/ads-commerce/conversions-api/business-messaging):
 * a missing or bad access token, no `data`, a missing `action_source`, an `event_time` older than 7 days,
 * a WhatsApp event without `ctwa_clid` or the WABA id, a Purchase without value and currency, and a web event
 * name (`Lead`, `Schedule`) or a custom one on a business messaging event (subcode 2804066: a chat's lead is
 * `LeadSubmitted`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapiStandin, startCapiStandin } from './index.ts';

let s: CapiStandin;
const TOKEN = 'EAAGstandinToken123';
const now = new Date('2026-11-30T12:00:00Z');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

beforeAll(async () => {
  s = await startCapiStandin({ nodeEnv: 'test', now: () => now });
});
afterAll(async () => {
  await s?.close();
});

const purchase = (over: Record<string, unknown> = {}) => ({
  event_name: 'Purchase',
  event_time: seconds(now),
  event_id: 'purchase:1',
  action_source: 'business_messaging',
  messaging_channel: 'whatsapp',
  user_data: { whatsapp_business_account_id: '102290129340398', ctwa_clid: 'ARAkLkA8rmlFeiCktEJQ' },
  custom_data: { value: 45.5, currency: 'BRL' },
  ...over,
});

async function post(body: unknown, token: string | null = TOKEN) {
  const q = token === null ? '' : `?access_token=${token}`;
  const res = await fetch(`${s.origin}/v21.0/1234567890/events${q}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('Conversions API stand-in', () => {
  it('takes a business messaging Purchase and counts a repeated event id once', async () => {
    const ok = await post({ data: [purchase()] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ events_received: 1, messages: [] });
    expect(typeof ok.body.fbtrace_id).toBe('string');
    await post({ data: [purchase()] });
    expect(s.received().filter((r) => r.event.event_id === 'purchase:1')).toHaveLength(2);
    expect(s.counted().filter((r) => r.event.event_id === 'purchase:1')).toHaveLength(1);
  });

  it.each([
    ['no token', { data: [purchase()] }, null, 104],
    ['a bad token', { data: [purchase()] }, 'not-a-token', 190],
    ['no data', { data: [] }, TOKEN, 100],
    ['no action_source', { data: [purchase({ action_source: undefined })] }, TOKEN, 100],
    ['an event older than 7 days', { data: [purchase({ event_time: seconds(now) - 8 * 86400 })] }, TOKEN, 100],
    [
      'a WhatsApp event without ctwa_clid',
      { data: [purchase({ user_data: { whatsapp_business_account_id: '1' } })] },
      TOKEN,
      100,
    ],
    ['a WhatsApp event without the WABA id', { data: [purchase({ user_data: { ctwa_clid: 'x' } })] }, TOKEN, 100],
    ['no messaging_channel', { data: [purchase({ messaging_channel: undefined })] }, TOKEN, 100],
    ['a Purchase without currency', { data: [purchase({ custom_data: { value: 1 } })] }, TOKEN, 100],
    ['the web event Lead on a chat', { data: [purchase({ event_name: 'Lead', custom_data: undefined })] }, TOKEN, 100],
    ['a custom event name on a chat', { data: [purchase({ event_name: 'Agendou' })] }, TOKEN, 100],
  ])('refuses %s with Meta’s error shape', async (_what, body, token, code) => {
    const before = s.received().length;
    const res = await post(body, token);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code, type: expect.any(String), message: expect.any(String) });
    expect(typeof res.body.error.fbtrace_id).toBe('string');
    expect(s.received().length).toBe(before);
  });

  it('takes a LeadSubmitted from a chat, the lead event Meta counts for business messaging', async () => {
    const res = await post({
      data: [purchase({ event_name: 'LeadSubmitted', event_id: 'lead:1', custom_data: undefined })],
    });
    expect(res.status).toBe(200);
  });

  it('fails on demand as Meta’s transient error, then takes the retry', async () => {
    s.failNext(1);
    expect((await post({ data: [purchase({ event_id: 'purchase:2' })] })).status).toBe(500);
    expect((await post({ data: [purchase({ event_id: 'purchase:2' })] })).status).toBe(200);
  });

  it('never starts in production', async () => {
    await expect(startCapiStandin({ nodeEnv: 'production' })).rejects.toThrow(/nunca é ligada em produção/);
  });
});
