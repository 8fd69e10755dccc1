/**
 * A campaign's marketing template submitted to Meta and tracked (docs/decisions/075-template-submission.md),
 * through the app and the simulator's Cloud stand-in:
 * - the owner's text becomes Meta's body ({nome} → {{1}}, {ultimo_item} → {{2}}) with the example values,
 *   submitted as MARKETING in pt_BR with a footer and the 'Parar de receber' quick reply
 *   (https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates,
 *   https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates/components);
 * - the stand-in refuses what Meta refuses, in Meta's error shape: code 100 'Invalid parameter' with
 *   `error_user_title` / `error_user_msg` (WhatsApp error codes,
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/). The
 *   subcodes 2388024 (name taken) and 2388299 (variable at the start or end) that other integrations name are
 *   on no Meta page, so neither the stand-in nor the app relies on them (decision 078);
 * - the signed `message_template_status_update` webhook
 *   (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update/)
 *   approves or rejects it (the reason in Portuguese), `template_category_update`
 *   (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/template_category_update/)
 *   moves its category, and the poll of `GET /{WABA-ID}/message_templates` catches a webhook never delivered;
 * - a campaign cannot go before approval, and a PAUSED template pauses it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignTemplates, numbers } from '../src/db/schema/index.ts';
import { checkTemplateCreation } from '../src/simulator/cloud/graph-fake-templates.ts';
import { createCloudTemplates } from '../src/integrations/gateway/cloud-templates.ts';
import { pollTemplateStatuses } from '../src/modules/campaigns/template-service.ts';
import { parseSecretKey } from '../src/lib/secret-box.ts';
import { resultRows } from '../src/db/rows.ts';
import { type EngineApp, startEngineApp, waitFor } from './helpers/engine-harness.ts';
import { newPerson, type TestClient } from './helpers/test-app.ts';

let e: EngineApp;
let owner: TestClient;
let numberId: string;
const display = `55119${Date.now().toString().slice(-8)}`;
const phoneNumberId = `10${display}`;

beforeAll(async () => {
  e = await startEngineApp();
  owner = e.t.client();
  expect((await owner.register(newPerson())).statusCode).toBe(201);
  const signup = await owner.post('/simulator/ui-api/cloud/signup', {
    phone: display,
    name: 'Doces da Ana',
    state: 'S',
  });
  const code = new URL(signup.json().redirect as string, 'http://x').searchParams.get('code')!;
  const connected = await owner.post('/api/numbers/cloud', { code });
  expect(connected.statusCode).toBe(201);
  const [n] = await e.t.database.db.select().from(numbers).where(eq(numbers.cloudPhoneNumberId, phoneNumberId));
  numberId = n!.id;
});
afterAll(async () => {
  await e?.close();
});

const AUDIENCE = { labelIds: [], stageIds: [], purchase: null, silentDays: null };
type SimTemplate = { id: string; name: string; status: string; category: string; body: string };
const onFake = async () =>
  (await owner.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/templates`)).json() as SimTemplate[];
const decide = (id: string, body: Record<string, unknown>) =>
  owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/templates/${id}`, body);
const stored = async (name: string) =>
  (await e.t.database.db.select().from(campaignTemplates).where(eq(campaignTemplates.name, name)))[0]!;

async function submit(text: string, name = 'Bolo de pote') {
  return owner.post('/api/campaigns/templates', { numberId, name, text, footer: 'Doces da Ana', stopButton: true });
}

describe('template submission', () => {
  it('submits the owner’s text as a MARKETING template with Meta’s variables and examples', async () => {
    const res = await submit('Oi {nome}! O {ultimo_item} que você levou voltou com sabor novo. Quer reservar o seu?');
    expect(res.statusCode, res.body).toBe(201);
    const dto = res.json();
    expect(dto).toMatchObject({
      status: 'PENDING',
      statusLabel: 'Em análise pela Meta',
      category: 'MARKETING',
      language: 'pt_BR',
      body: 'Oi {{1}}! O {{2}} que você levou voltou com sabor novo. Quer reservar o seu?',
    });
    expect(dto.name).toMatch(/^bolo_de_pote_[a-z0-9]+$/);
    const [onMeta] = (await onFake()).filter((t) => t.name === dto.name);
    expect(onMeta).toMatchObject({ status: 'PENDING', category: 'MARKETING', body: dto.body });
  });

  it('refuses in Portuguese what Meta would refuse, before asking Meta', async () => {
    const start = await submit('{nome}, o bolo voltou!');
    expect(start.statusCode).toBe(400);
    expect(start.json().error.message).toContain('começam ou terminam');
    const unknown = await submit('Oi {cidade}, tudo bem?');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('{cidade}');
  });

  it('the stand-in refuses as Meta documents it, in Meta’s error shape', () => {
    const ok = {
      name: 'oferta_bolo',
      language: 'pt_BR',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Oi {{1}}, o bolo voltou!', example: { body_text: [['Marina']] } }],
    };
    const check = (body: Record<string, unknown>, existing: { name: string; language: string }[] = []) =>
      checkTemplateCreation(body, 'waba', existing, '1');
    expect(check(ok)).toMatchObject({ status: 'PENDING', category: 'MARKETING' });
    // Name: lowercase letters, digits and underscores, ≤ 512 (message templates page).
    expect(check({ ...ok, name: 'Oferta Bolo' })).toMatchObject({ code: 100, userTitle: 'Invalid template name' });
    expect(check({ ...ok, name: 'a'.repeat(513) })).toMatchObject({ code: 100 });
    // Unique per language in the WABA.
    const taken = check(ok, [{ name: 'oferta_bolo', language: 'pt_BR' }]);
    expect(taken).toMatchObject({ code: 100, userTitle: 'Content in this language already exists' });
    expect(taken).not.toHaveProperty('subcode');
    expect(check(ok, [{ name: 'oferta_bolo', language: 'en_US' }])).toMatchObject({ status: 'PENDING' });
    expect(check({ ...ok, category: 'PROMO' })).toMatchObject({ userTitle: 'Invalid category' });
    const body = (text: string, example?: string[]) => ({
      ...ok,
      components: [{ type: 'BODY', text, ...(example ? { example: { body_text: [example] } } : {}) }],
    });
    // Variables {{1}}…{{n}} in sequence, with examples, never at the start or end (components page).
    expect(check(body('Oi {{2}}, tudo bem?', ['a']))).toMatchObject({ userTitle: 'Invalid variable parameters' });
    expect(check(body('Oi {{1}}, tudo bem?'))).toMatchObject({
      userTitle: 'Message template sample values are missing',
    });
    const dangling = { code: 100, userTitle: "Variables can't be at the start or end of the template" };
    expect(check(body('{{1}}, o bolo voltou', ['Ana']))).toMatchObject(dangling);
    expect(check(body('O bolo voltou, {{1}}', ['Ana']))).toMatchObject(dangling);
    expect(check(body(`Oi {{1}} ${'x'.repeat(1024)}`, ['Ana']))).toMatchObject({ userTitle: 'Body too long' });
    expect(check({ ...ok, components: [...ok.components, { type: 'FOOTER', text: 'y'.repeat(61) }] })).toMatchObject({
      userTitle: 'Invalid footer',
    });
    expect(
      check({
        ...ok,
        components: [...ok.components, { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'z'.repeat(26) }] }],
      }),
    ).toMatchObject({ userTitle: 'Invalid button' });
  });
});

describe('tracking Meta’s decision', () => {
  it('the signed status webhook approves it; a campaign goes only once approved; PAUSED pauses it', async () => {
    const dto = (await submit('Oi {nome}! Chegou bolo de pote de ninho. Quer um?', 'Ninho')).json();
    const [onMeta] = (await onFake()).filter((t) => t.name === dto.name);
    const campaign = {
      name: 'Ninho',
      numberId,
      audience: {},
      text: dto.text,
      template: { name: dto.name, language: 'pt_BR' },
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    // Pending: refused (nobody has consent either, but the template is checked first).
    const early = await owner.post('/api/campaigns', campaign);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain('ainda não foi aprovado');

    expect((await decide(onMeta!.id, { event: 'APPROVED' })).statusCode).toBe(200);
    await waitFor(async () => (await stored(dto.name)).status === 'APPROVED', 'the approval webhook recorded');
    const listed = (await owner.get(`/api/campaigns/templates?numberId=${numberId}`)).json().items;
    expect(listed.find((t: { name: string }) => t.name === dto.name)).toMatchObject({ statusLabel: 'Aprovado' });

    // A campaign with it (inserted directly: the audience's consent is campaigns.test.ts's subject).
    const [c] = resultRows<{ id: string }>(
      await e.t.database.db.execute(sql`
      insert into campaigns (user_id, number_id, name, track, audience, text, template, status, scheduled_at)
      select user_id, id, 'Ninho', 'cloud', ${JSON.stringify(AUDIENCE)}::jsonb, ${dto.text},
        ${JSON.stringify({ name: dto.name, language: 'pt_BR' })}::jsonb, 'scheduled', now() + interval '1 day'
      from numbers where id = ${numberId} returning id`),
    );
    await decide(onMeta!.id, { category: 'UTILITY' });
    await waitFor(async () => (await stored(dto.name)).category === 'UTILITY', 'the category change recorded');
    expect(await stored(dto.name)).toMatchObject({ previousCategory: 'MARKETING' });

    await decide(onMeta!.id, { event: 'PAUSED' });
    await waitFor(async () => (await stored(dto.name)).status === 'PAUSED', 'the pause recorded');
    const page = (await owner.get(`/api/campaigns/${c!.id}`)).json();
    expect(page).toMatchObject({ status: 'paused', template: { status: 'PAUSED', statusLabel: 'Pausado pela Meta' } });
    expect(page.pausedReason).toContain('a Meta pausou o modelo');
  });

  it('a rejection comes with the reason in Portuguese and what to change', async () => {
    const dto = (await submit('Oi {nome}! GRÁTIS GRÁTIS bolo de pote só hoje, corre!', 'Grátis')).json();
    const [onMeta] = (await onFake()).filter((t) => t.name === dto.name);
    await decide(onMeta!.id, { event: 'REJECTED', reason: 'PROMOTIONAL' });
    await waitFor(async () => (await stored(dto.name)).status === 'REJECTED', 'the rejection recorded');
    const listed = (await owner.get(`/api/campaigns/templates?numberId=${numberId}`)).json().items;
    const shown = listed.find((t: { name: string }) => t.name === dto.name);
    expect(shown).toMatchObject({ status: 'REJECTED', statusLabel: 'Recusado' });
    expect(shown.reasonText).toContain('promocional demais');
  });

  it('the poll of GET /{WABA-ID}/message_templates catches a decision whose webhook never came', async () => {
    const dto = (await submit('Oi {nome}! Temos {ultimo_item} fresquinho hoje. Passa aqui?', 'Fresquinho')).json();
    const [onMeta] = (await onFake()).filter((t) => t.name === dto.name);
    await decide(onMeta!.id, { event: 'APPROVED' });
    await waitFor(async () => (await stored(dto.name)).status === 'APPROVED', 'the webhook recorded');
    // As if the webhook was lost: the app still thinks it in review.
    await e.t.database.db
      .update(campaignTemplates)
      .set({ status: 'PENDING' })
      .where(eq(campaignTemplates.name, dto.name));
    const env = e.t.app.deps.env;
    const templates = createCloudTemplates({
      graphUrl: env.META_GRAPH_URL,
      graphVersion: env.META_GRAPH_VERSION,
      key: parseSecretKey(env.META_TOKEN_ENCRYPTION_KEY!),
    });
    expect(await pollTemplateStatuses({ db: e.t.database.db, templates, log: e.t.app.log })).toBeGreaterThan(0);
    expect(await stored(dto.name)).toMatchObject({ status: 'APPROVED' });
  });

  it('another account sees none of them', async () => {
    const other = e.t.client();
    expect((await other.register(newPerson())).statusCode).toBe(201);
    expect((await other.get('/api/campaigns/templates')).json().items).toEqual([]);
    const res = await other.post('/api/campaigns/templates', { numberId, name: 'X', text: 'Oi {nome}, tudo bem?' });
    expect(res.statusCode).toBe(404);
  });
});
