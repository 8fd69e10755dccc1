/**
 * Campaigns on a Cloud number that reach further and stop by themselves (docs/decisions/078-campaign-reach-and-pause.md),
 * through the app over HTTP and the simulator's Cloud stand-in:
 * - a contact imported by CSV with declared consent who never wrote gets the approved marketing template once;
 *   the send creates the conversation, the reply lands in it and the campaign's results count it, a second
 *   campaign the same week is held back by the weekly cap;
 * - Meta's signed `phone_number_quality_update` webhook
 *   (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/phone_number_quality_update),
 *   played by the stand-in: FLAGGED pauses a campaign in progress at once with a Portuguese reason; 'Retomar'
 *   while the rating is still red pauses it again; after UNFLAGGED it goes on; DOWNGRADE pauses too; an event
 *   Meta would not send is refused; a YELLOW rating Meta sets with no webhook is read from
 *   `GET /{PHONE_NUMBER_ID}?fields=quality_rating` while the campaign sends, and pauses it;
 * - blocks rising: Meta's 131050 (the customer stopped the business's marketing messages, WhatsApp error codes,
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/) and the
 *   'Parar de receber' reply count as stops; past 5 % of at least 20 reached contacts the campaign pauses.
 */
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { connectCloudNumber } from './helpers/cloud-shop.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { numbers } from '../src/db/schema/index.ts';
import { type EngineApp, startEngineApp, waitFor } from './helpers/engine-harness.ts';
import { newPerson, type TestClient } from './helpers/test-app.ts';

let e: EngineApp;
let owner: TestClient;
let numberId: string;
const display = `55119${Date.now().toString().slice(-8)}`;
const phoneNumberId = `10${display}`;
const run = Date.now().toString().slice(-4);
/** A customer's phone (13 digits, a Brazilian mobile) for this run: group (1 digit) and index. */
const phoneOf = (group: number, i: number) => `55219${run}${group}${String(i).padStart(3, '0')}`;
let template: { name: string; language: string; text: string };

beforeAll(async () => {
  // A short steady gap: the sends of a campaign take a moment, so a test can act while it is in progress
  // (the shortest campaign a test acts on has 30 contacts: about 3 s of sends at least).
  e = await startEngineApp({ CAMPAIGN_CLOUD_GAP_MS: '100' });
  owner = e.t.client();
  expect((await owner.register(newPerson())).statusCode).toBe(201);
  numberId = (await connectCloudNumber(e, owner, display)).id;
  // Open every day at every hour: campaigns go only inside the business hours.
  const week = Array.from({ length: 7 }, () => ({ from: '00:00', to: '23:59' }));
  const hours = await owner.request({
    method: 'PUT',
    url: '/api/settings/business',
    payload: { timeZone: 'America/Sao_Paulo', hours: week, closedDays: [] },
  });
  expect(hours.statusCode, hours.body).toBe(200);
  // The owner's marketing template, approved by the stand-in's Meta.
  const dto = (
    await owner.post('/api/campaigns/templates', {
      numberId,
      name: 'Volta',
      text: 'Oi {nome}! O bolo de pote voltou com sabor novo. Quer reservar o seu?',
      footer: 'Doces da Ana',
      stopButton: true,
    })
  ).json();
  const onMeta = (
    (await owner.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/templates`)).json() as {
      id: string;
      name: string;
    }[]
  ).find((t) => t.name === dto.name)!;
  await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/templates/${onMeta.id}`, { event: 'APPROVED' });
  await waitFor(
    async () =>
      (
        (await owner.get(`/api/campaigns/templates?numberId=${numberId}`)).json().items as {
          name: string;
          status: string;
        }[]
      ).some((t) => t.name === dto.name && t.status === 'APPROVED'),
    'the template approved',
    120_000,
  );
  template = { name: dto.name, language: 'pt_BR', text: dto.text };
}, 600_000);
afterAll(async () => {
  await e?.close();
});

const importContacts = async (group: number, count: number) => {
  const csv = Array.from({ length: count }, (_, i) => `Cliente ${group}-${i};${phoneOf(group, i)}`).join('\n');
  const res = await owner.post('/api/campaigns/consent/import', { csv, declaration: true });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ imported: count, errors: [] });
};
const sentTo = async () =>
  (
    (await owner.get(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`)).json() as {
      waId: string;
      fromMe: boolean;
      type: string;
    }[]
  ).filter((m) => m.fromMe && m.type === 'template');
const campaign = async (id: string) => (await owner.get(`/api/campaigns/${id}`)).json();
const create = async (name: string) => {
  const res = await owner.post('/api/campaigns', {
    name,
    numberId,
    audience: {},
    text: template.text,
    template: { name: template.name, language: template.language },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const quality = (event: string) => owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/quality`, { event });
/** Ends every campaign still moving: each test's audience is only its own group's contacts. */
const cancelAll = async () => {
  for (const c of (await owner.get('/api/campaigns')).json().items as { id: string; status: string }[])
    if (c.status !== 'done' && c.status !== 'cancelled') await owner.post(`/api/campaigns/${c.id}/cancel`, {});
};

describe('imported contacts on the Cloud track', () => {
  it('get the template once, in a conversation the send creates; the reply counts; the weekly cap holds', async () => {
    await importContacts(1, 3);
    const preview = (await owner.post('/api/campaigns/audience', { numberId, audience: {} })).json();
    expect(preview).toMatchObject({ track: 'cloud', matched: 3, eligible: 3 });
    // A filter that asks something of a conversation (a paid purchase) cannot match someone who never wrote.
    const bought = await owner.post('/api/campaigns/audience', {
      numberId,
      audience: { purchase: { mode: 'bought', days: 90 } },
    });
    expect(bought.json()).toMatchObject({ matched: 0 });

    const id = await create('Volta do bolo');
    await waitFor(async () => (await campaign(id)).status === 'done', 'the campaign sent', 180_000);
    const phones = [0, 1, 2].map((i) => phoneOf(1, i));
    const sent = (await sentTo()).filter((m) => phones.includes(m.waId));
    expect(sent.map((m) => m.waId).sort()).toEqual([...phones].sort());

    // Each send created its conversation (by account, number and address), with the template in it.
    const convs = resultRows<{ id: string; contact_jid: string; contact_name: string | null; messages: number }>(
      await e.t.database.db.execute(sql`
        select c.id, c.contact_jid, c.contact_name, (select count(*)::int from messages m where m.conv_id = c.id) as messages
        from conversations c where c.number_id = ${numberId} and c.contact_jid like ${`55219${run}1%`}
        order by c.contact_jid`),
    );
    expect(convs.map((c) => c.contact_jid)).toEqual(phones.map((p) => `${p}@s.whatsapp.net`).sort());
    expect(convs.every((c) => c.messages === 1)).toBe(true);
    expect(convs[0]!.contact_name).toBe('Cliente 1-0');
    const recipients = resultRows<{ conv_id: string | null }>(
      await e.t.database.db.execute(sql`select conv_id from campaign_recipients where campaign_id = ${id}`),
    );
    expect(recipients.every((r) => r.conv_id !== null)).toBe(true);

    // The customer answers: the message lands in that conversation, and the campaign's results count it.
    const reply = await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`, {
      waId: phones[0],
      name: 'Cliente 1-0',
      text: 'Oba! Quero reservar dois.',
    });
    expect(reply.statusCode).toBe(201);
    await waitFor(async () => (await campaign(id)).results.replied === 1, 'the reply counted', 120_000);
    expect((await campaign(id)).results).toMatchObject({ audience: 3, sent: 3 });
    const inConv = resultRows<{ n: number }>(
      await e.t.database.db.execute(sql`
        select count(*)::int as n from messages where conv_id = ${convs[0]!.id} and direction = 'in'`),
    );
    expect(inConv[0]!.n).toBe(1);

    // The weekly cap (1) holds across campaigns; and the job running again sends nothing twice.
    const again = (await owner.post('/api/campaigns/audience', { numberId, audience: {} })).json();
    expect(again.excluded).toEqual(expect.arrayContaining([expect.objectContaining({ reason: 'weekly_cap' })]));
    expect(again.eligible).toBe(0);
  }, 600_000);
});

describe('pausing by itself', () => {
  it('the stand-in sends Meta’s signed quality webhook and refuses what Meta would not send', async () => {
    const up = await quality('UNFLAGGED');
    expect(up.statusCode).toBe(409);
    expect(up.json().error.message).toContain('A Meta não envia este evento');
    const bad = await quality('YELLOWISH');
    expect(bad.statusCode).toBe(400);
  });

  it('FLAGGED pauses a campaign in progress at once; Retomar while red pauses again; after UNFLAGGED it goes on', async () => {
    await cancelAll();
    await importContacts(2, 30);
    const id = await create('Qualidade');
    await waitFor(async () => (await campaign(id)).results.sent >= 2, 'the campaign sending', 180_000);
    expect((await quality('FLAGGED')).statusCode).toBe(200);
    await waitFor(async () => (await campaign(id)).status === 'paused', 'paused by the webhook', 120_000);
    const paused = await campaign(id);
    expect(paused.pausedReason).toContain('a Meta sinalizou a qualidade do número como baixa');
    expect(paused.results.pending).toBeGreaterThan(0);
    // The number's rating follows the webhook (and Meta's GET /{phone-number-id}?fields=quality_rating).
    const [n] = await e.t.database.db.select().from(numbers).where(eq(numbers.id, numberId));
    expect(n!.cloudQualityRating).toBe('RED');

    // 'Retomar' while still red: the next send reads the rating and pauses it again, with why.
    expect((await owner.post(`/api/campaigns/${id}/resume`, {})).statusCode).toBe(200);
    await waitFor(
      async () => (await campaign(id)).pausedReason?.includes('vermelho') === true,
      'paused again by the red rating',
      120_000,
    );
    const sentWhileRed = (await campaign(id)).results.sent;

    expect((await quality('UNFLAGGED')).statusCode).toBe(200);
    await waitFor(
      async () => {
        const [x] = await e.t.database.db.select().from(numbers).where(eq(numbers.id, numberId));
        return x!.cloudQualityRating === 'GREEN';
      },
      'the rating green again',
      120_000,
    );
    expect((await owner.post(`/api/campaigns/${id}/resume`, {})).statusCode).toBe(200);
    await waitFor(async () => (await campaign(id)).results.sent > sentWhileRed, 'sending again', 120_000);

    // DOWNGRADE (the messaging limit lowered) pauses it too.
    expect((await quality('DOWNGRADE')).statusCode).toBe(200);
    await waitFor(async () => (await campaign(id)).status === 'paused', 'paused by the downgrade', 120_000);
    expect((await campaign(id)).pausedReason).toContain('reduziu o limite de mensagens');
    await cancelAll();
  }, 600_000);

  it('a rating Meta lowers to YELLOW with no webhook is read from GET …?fields=quality_rating while it sends', async () => {
    await cancelAll();
    await quality('UPGRADE'); // back above the lowest tier after the DOWNGRADE (not a pause)
    await importContacts(5, 40);
    const id = await create('Amarelo');
    await waitFor(async () => (await campaign(id)).results.sent >= 1, 'the campaign sending', 180_000);
    const silent = await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/quality-rating`, {
      rating: 'YELLOW',
    });
    expect(silent.statusCode).toBe(200);
    await waitFor(async () => (await campaign(id)).status === 'paused', 'paused on the yellow rating', 180_000);
    expect((await campaign(id)).pausedReason).toContain('amarelo');
    const [n] = await e.t.database.db.select().from(numbers).where(eq(numbers.id, numberId));
    expect(n!.cloudQualityRating).toBe('YELLOW');
    await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/quality-rating`, { rating: 'GREEN' });
    await cancelAll();
  }, 600_000);

  it('blocks rising: 131050 refusals past 5 % of 20 reached pause it, counted in the results', async () => {
    await cancelAll();
    await importContacts(3, 24);
    // The first two sends: Meta answers 131050 (they stopped marketing from this business in WhatsApp).
    const queued = await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/errors`, {
      kind: 'marketing-stopped',
      count: 2,
    });
    expect(queued.statusCode).toBe(200);
    const id = await create('Bloqueios 131050');
    await waitFor(
      async () => ['paused', 'done'].includes((await campaign(id)).status),
      'the campaign stopped',
      180_000,
    );
    const c = await campaign(id);
    expect(c.status).toBe('paused');
    // 2 of the 20 reached (10 %) asked to stop: paused before the 21st.
    expect(c.pausedReason).toContain('2 de 20 clientes (10%) pediram para parar');
    // (The audience also holds the contacts the cancelled campaign above never reached.)
    expect(c.results).toMatchObject({ sent: 18, skipped: 2, pending: c.results.audience - 20 });
    const skipped = resultRows<{ reason: string; contact_jid: string }>(
      await e.t.database.db.execute(sql`
        select reason, contact_jid from campaign_recipients where campaign_id = ${id} and state = 'skipped'`),
    );
    expect(skipped.every((r) => r.reason.includes('131050'))).toBe(true);
    // Meta's word that they stopped marketing ends their consent: no later campaign tries them.
    const ended = resultRows<{ n: number }>(
      await e.t.database.db.execute(sql`
        select count(*)::int as n from marketing_consents where ended_reason = 'opt_out'
          and contact_address in (${sql.join(
            skipped.map((r) => sql`${r.contact_jid}`),
            sql`, `,
          )})`),
    );
    expect(ended[0]!.n).toBe(2);
    await cancelAll();
  }, 600_000);

  it('blocks rising: customers tapping ‘Parar de receber’ pause it; Retomar counts again from then', async () => {
    await cancelAll();
    await importContacts(4, 40);
    const id = await create('Bloqueios saída');
    await waitFor(async () => (await campaign(id)).results.sent >= 20, '20 reached', 180_000);
    // Three customers who got it tap the template's quick reply (read as what they tapped: an opt-out).
    const reached = resultRows<{ contact_jid: string }>(
      await e.t.database.db.execute(sql`
        select contact_jid from campaign_recipients where campaign_id = ${id} and state = 'sent'
        order by sent_at limit 3`),
    ).map((r) => r.contact_jid.split('@')[0]!);
    for (const waId of reached)
      await owner.post(`/simulator/ui-api/cloud/numbers/${phoneNumberId}/messages`, {
        waId,
        text: 'Parar de receber',
      });
    await waitFor(async () => (await campaign(id)).status === 'paused', 'paused by the opt-outs', 180_000);
    // Paused as soon as the share passed 5 % (two or three of them, as the replies arrived).
    await waitFor(async () => (await campaign(id)).results.optedOut === 3, 'the three opt-outs counted', 120_000);
    const c = await campaign(id);
    expect(c.pausedReason).toMatch(/\d+ de \d+ clientes \(\d+%\) pediram para parar de receber/);
    expect(c.results.pending).toBeGreaterThan(0);
    // Their consent ended everywhere.
    const consent = resultRows<{ n: number }>(
      await e.t.database.db.execute(sql`
        select count(*)::int as n from marketing_consents
        where contact_address in (${sql.join(
          reached.map((p) => sql`${`${p}@s.whatsapp.net`}`),
          sql`, `,
        )}) and ended_reason = 'opt_out'`),
    );
    expect(consent[0]!.n).toBe(3);
    // 'Retomar': the owner saw it and goes on; the share is counted again from now, so it finishes.
    expect((await owner.post(`/api/campaigns/${id}/resume`, {})).statusCode).toBe(200);
    await waitFor(async () => (await campaign(id)).status === 'done', 'finished after Retomar', 180_000);
    const done = (await campaign(id)).results;
    expect(done).toMatchObject({ sent: done.audience, pending: 0, optedOut: 3 });
  }, 600_000);
});
