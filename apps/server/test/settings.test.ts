/**
 * /api/settings ('Configurações', docs/decisions/015-handoff.md): the owner's personal WhatsApp (must differ from the
 * business numbers), alert switches and cap, the list of alerts; the agent's 'IA volta depois de'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_CLOSED_DAY,
  INVALID_PHONE,
  INVALID_TIME_OF_DAY,
  PERSONAL_PHONE_IS_BUSINESS,
  SAME_OPEN_CLOSE,
  WEEK_NEEDS_SEVEN_DAYS,
} from '@vendai/contracts';
import { numbers } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createAgent, patch, signedIn } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (client: Awaited<ReturnType<typeof signedIn>>['client'], payload: object) =>
  client.request({ method: 'PUT', url: '/api/settings', payload });

/** No facts given (docs/decisions/066-business-facts-in-one-place.md). */
const NO_FACTS = { hoursNote: null, address: null, paymentMethods: null, deliveryAreas: null };
const EMPTY = { hours: null, closedDays: [], hoursSummary: null, facts: NO_FACTS, movedTexts: [] };

describe('account settings', () => {
  it('reads the sign-up phone and defaults, saves a new personal number, refuses a business number', async () => {
    const { client, userId } = await signedIn(t);
    const first = await client.get('/api/settings');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      phone: expect.stringMatching(/^\+55\d{10,11}$/),
      alertHandoff: true,
      alertNeedsOwner: true,
      alertHotLead: false,
      alertDailyCap: 20,
      alertChannel: 'whatsapp',
      email: expect.stringContaining('@'),
    });
    const email = first.json().email as string;
    await t.database.db
      .insert(numbers)
      .values({ userId, token: 'tok-settings', phone: '5511955554444', instanceName: `vendai-set-${Date.now()}` });
    const body = { alertHandoff: false, alertNeedsOwner: true, alertHotLead: true, alertDailyCap: 5 };
    const same = await put(client, { ...body, phone: '+5511955554444' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.phone).toBe(PERSONAL_PHONE_IS_BUSINESS);
    const bad = await put(client, { ...body, phone: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.phone).toBe(INVALID_PHONE);
    const wrongChannel = await put(client, { ...body, phone: '(21) 98888-7777', alertChannel: 'pombo' });
    expect(wrongChannel.statusCode).toBe(400);
    expect(wrongChannel.json().error.fields.alertChannel).toBe('Escolha onde receber os avisos.');
    const saved = await put(client, { ...body, phone: '(21) 98888-7777', alertChannel: 'both' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ phone: '+5521988887777', ...body, alertChannel: 'both', email });
    expect((await client.get('/api/settings')).json()).toEqual(saved.json());
    expect((await client.get('/api/settings/alerts')).json()).toEqual({ items: [] });
  });

  it('is for signed-in owners only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });

  it("sets the agent's return time after a takeover: 12 h by default, hours or 'nunca'", async () => {
    const { client } = await signedIn(t);
    const id = await createAgent(client, 'Luna');
    expect((await client.get(`/api/agents/${id}`)).json().resume_after_minutes).toBe(720);
    const never = await patch(client, `/api/agents/${id}`, { resume_after_minutes: null });
    expect(never.statusCode).toBe(200);
    expect(never.json().resume_after_minutes).toBeNull();
    expect((await patch(client, `/api/agents/${id}`, { resume_after_minutes: 180 })).json().resume_after_minutes).toBe(
      180,
    );
    expect((await patch(client, `/api/agents/${id}`, { resume_after_minutes: 7 })).statusCode).toBe(400);
  });
});

describe('the business’s time zone (docs/decisions/018-ai-context-block.md)', () => {
  it('is Brasília by default, saved per owner, validated in Portuguese, never another owner’s', async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    expect((await a.client.get('/api/settings/business')).json()).toEqual({
      timeZone: 'America/Sao_Paulo',
      hours: null,
      closedDays: [],
      hoursSummary: null,
      facts: NO_FACTS,
      movedTexts: [],
    });
    const bad = await a.client.request({
      method: 'PUT',
      url: '/api/settings/business',
      payload: { timeZone: 'America/Atlantida' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.timeZone).toBe('Fuso horário inválido.');
    const missing = await a.client.request({ method: 'PUT', url: '/api/settings/business', payload: {} });
    expect(missing.statusCode).toBe(400);
    const saved = await a.client.request({
      method: 'PUT',
      url: '/api/settings/business',
      payload: { timeZone: 'America/Manaus' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      timeZone: 'America/Manaus',
      hours: null,
      closedDays: [],
      hoursSummary: null,
      facts: NO_FACTS,
      movedTexts: [],
    });
    expect((await a.client.get('/api/settings/business')).json()).toEqual(saved.json());
    expect((await a.client.get('/api/account/me')).json().profile.timeZone).toBe('America/Manaus');
    expect((await b.client.get('/api/settings/business')).json()).toEqual({
      timeZone: 'America/Sao_Paulo',
      hours: null,
      closedDays: [],
      hoursSummary: null,
      facts: NO_FACTS,
      movedTexts: [],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/business' })).statusCode).toBe(401);
  });
});

describe('business hours and closed days (docs/decisions/019-business-hours.md)', () => {
  const week = [
    null,
    { from: '08:00', to: '18:00' },
    { from: '08:00', to: '18:00' },
    { from: '08:00', to: '18:00' },
    { from: '08:00', to: '18:00' },
    { from: '18:00', to: '02:00' },
    { from: '08:00', to: '13:00' },
  ];
  const putBusiness = (client: Awaited<ReturnType<typeof signedIn>>['client'], payload: object) =>
    client.request({ method: 'PUT', url: '/api/settings/business', payload });

  it('saves the week (across midnight allowed) and closed days, refuses bad ones in Portuguese, per owner', async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    const base = { timeZone: 'America/Sao_Paulo' };
    for (const [payload, message] of [
      [{ ...base, hours: week.map((d, i) => (i === 1 ? { from: '25:00', to: '18:00' } : d)) }, INVALID_TIME_OF_DAY],
      [{ ...base, hours: week.map((d, i) => (i === 1 ? { from: '08:00', to: '08:00' } : d)) }, SAME_OPEN_CLOSE],
      [{ ...base, hours: week.slice(0, 6) }, WEEK_NEEDS_SEVEN_DAYS],
      [{ ...base, closedDays: ['2026-02-30'] }, INVALID_CLOSED_DAY],
    ] as const) {
      const res = await putBusiness(a.client, payload);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(message);
    }
    const saved = await putBusiness(a.client, {
      ...base,
      hours: week,
      closedDays: ['2026-12-31', '2026-12-24', '2026-12-31'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      ...base,
      hours: week,
      closedDays: ['2026-12-24', '2026-12-31'],
      hoursSummary: 'segunda a quinta 08:00–18:00; sexta 18:00–02:00; sábado 08:00–13:00; domingo fechado',
      facts: NO_FACTS,
      movedTexts: [],
    });
    // The time zone alone keeps the hours; hours null removes the schedule.
    expect((await putBusiness(a.client, { timeZone: 'America/Recife' })).json().hours).toEqual(week);
    expect((await b.client.get('/api/settings/business')).json()).toEqual({ ...base, ...EMPTY });
    const cleared = await putBusiness(a.client, { ...base, hours: null });
    expect(cleared.json()).toEqual({ ...base, ...EMPTY, closedDays: ['2026-12-24', '2026-12-31'] });
  });
});
