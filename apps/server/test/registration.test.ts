import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, profiles, user } from '../src/db/schema/index.ts';
import { getAccountTimeZone } from '../src/domain/account/account-time-zone.ts';
import { createTestApp, newPerson, SESSION_COOKIE, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/account/register', () => {
  it('creates the account, signs the person in with an httpOnly session cookie and answers 201', async () => {
    const person = newPerson();
    const client = t.client();
    const res = await client.register(person);

    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ name: person.fullName, email: person.email });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie!.value.length).toBeGreaterThan(20);

    const [row] = await t.database.db.select().from(user).where(eq(user.email, person.email));
    expect(row?.name).toBe(person.fullName);
  });

  it('stores the phone as national number with country code 55 and activates the free plan', async () => {
    const person = newPerson({ phone: '+55 (11) 98765-4321' });
    const res = await t.client().register(person);
    expect(res.statusCode).toBe(201);
    const userId = res.json().user.id as string;

    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile).toMatchObject({ phone: '11987654321', countryCode: '55', subscriptionStatus: 'active' });
    const [plan] = await t.database.db.select().from(plans).where(eq(plans.id, profile!.activePlanId!));
    expect(plan).toMatchObject({ slug: 'freemium', isActive: true, priceCents: 0 });
  });

  it('/api/account/me answers with the new account and the label "Gratuito"', async () => {
    const client = t.client();
    const person = await client.registerOk({ fullName: 'João Pereira' });
    const res = await client.get('/api/account/me');

    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.user).toMatchObject({ name: 'João Pereira', email: person.email });
    expect(me.profile).toEqual({
      phone: '11987654321',
      countryCode: '55',
      subscriptionStatus: 'active',
      timeZone: 'America/Sao_Paulo',
    });
    expect(await getAccountTimeZone(t.database.db, me.user.id)).toBe('America/Sao_Paulo');
    await t.database.db.update(profiles).set({ timeZone: 'America/Manaus' }).where(eq(profiles.id, me.user.id));
    expect(await getAccountTimeZone(t.database.db, me.user.id)).toBe('America/Manaus');
    expect((await client.get('/api/account/me')).json().profile.timeZone).toBe('America/Manaus');
    expect(me.plan).toMatchObject({
      slug: 'freemium',
      maxAiMessages: 300,
      maxAgents: 1,
      maxInstances: 1,
      maxTrainnings: 5,
    });
    expect(me.planLabel).toBe('Gratuito');
  });

  it('refuses an invalid phone with the Portuguese message and creates nothing', async () => {
    const person = newPerson({ phone: '+55 11 123' });
    const res = await t.client().register(person);

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION',
      message: 'Por favor, insira um número de telefone válido',
      fields: { phone: 'Por favor, insira um número de telefone válido' },
    });
    expect(res.cookies).toEqual([]);
    expect(await t.database.db.select().from(user).where(eq(user.email, person.email))).toEqual([]);
  });

  it('refuses different passwords with "As senhas não coincidem"', async () => {
    const person = { ...newPerson(), confirmPassword: 'outra-senha-456' };
    const res = await t.client().register(person);

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'As senhas não coincidem' });
    expect(res.json().error.fields.confirmPassword).toBe('As senhas não coincidem');
    expect(await t.database.db.select().from(user).where(eq(user.email, person.email))).toEqual([]);
  });

  it('refuses an e-mail that already has an account with 409 in Portuguese (any letter case)', async () => {
    const first = await t.client().registerOk();
    const res = await t.client().register(newPerson({ email: first.email.toUpperCase() }));

    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'EMAIL_IN_USE', message: 'Já existe uma conta com este e-mail.' });
    expect(res.cookies).toEqual([]);
    const rows = await t.database.db.select().from(user).where(eq(user.email, first.email));
    expect(rows).toHaveLength(1);
  });

  it("better-auth's own sign-up endpoint is closed: sign-up goes through /api/account/register", async () => {
    const email = newPerson().email;
    const res = await t
      .client()
      .post('/api/auth/sign-up/email', { name: 'Invasor', email, password: 'senha-forte-123' });

    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });
});
