/**
 * /api/settings ('Configurações', issue 18): the owner's personal WhatsApp (must differ from the
 * business numbers), alert switches and cap, the list of alerts; the agent's 'IA volta depois de'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_PHONE, PERSONAL_PHONE_IS_BUSINESS } from '@vendai/contracts';
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
    });
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
    const saved = await put(client, { ...body, phone: '(21) 98888-7777' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ phone: '+5521988887777', ...body });
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
    expect((await a.client.get('/api/settings/business')).json()).toEqual({ timeZone: 'America/Sao_Paulo' });
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
    expect(saved.json()).toEqual({ timeZone: 'America/Manaus' });
    expect((await a.client.get('/api/settings/business')).json()).toEqual({ timeZone: 'America/Manaus' });
    expect((await a.client.get('/api/account/me')).json().profile.timeZone).toBe('America/Manaus');
    expect((await b.client.get('/api/settings/business')).json()).toEqual({ timeZone: 'America/Sao_Paulo' });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/business' })).statusCode).toBe(401);
  });
});
