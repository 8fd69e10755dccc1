/**
 * Who holds a WhatsApp number (docs/decisions/052-attendant-permissions-and-number-claims.md), through
 * the real app, the simulator's QR page and its Meta Embedded Signup: a claim holds the phone only once
 * the phone that scanned is the claimed one (or Meta verified it); an unverified or failed claim blocks
 * no one and is released when the real owner connects, by QR code or by the Cloud signup; a script that
 * re-creates the number every 10 minutes holds nothing; at most 3 accounts may claim one phone by QR
 * code in a day, with an alarm (warn log and metric). PGlite and PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHONE_IN_USE } from '@vendai/contracts';
import { numbers } from '../src/db/schema/index.ts';
import { numbersDepsOf } from '../src/modules/numbers/numbers-deps.ts';
import { PHONE_CLAIMS_LIMITED } from '../src/modules/numbers/claim-phone.ts';
import { sweepNumbers } from '../src/modules/numbers/sweep-numbers.ts';
import { waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { approveOnSimulator, createNumber, newPhone, signedIn } from './helpers/number-helpers.ts';
import type { TestClient } from './helpers/test-app.ts';

const e = useEngineApp();
const rowOf = async (id: string) => (await e.t.database.db.select().from(numbers).where(eq(numbers.id, id)))[0];
const rowsOfPhone = (digits: string) => e.t.database.db.select().from(numbers).where(eq(numbers.phone, digits));
const addNumber = (client: TestClient, phone: { e164: string }) =>
  client.post('/api/numbers', { phone: phone.e164, apelido: 'Loja' });
const checkPhone = async (client: TestClient, phone: { e164: string }) =>
  (await client.post('/api/numbers/check-phone', { phone: phone.e164 })).json();

/** A Brazilian mobile (its national part starts 9 8: with or without the ninth digit, one phone). */
function mobile(): { e164: string; digits: string } {
  const digits = `55119${newPhone().digits.slice(-8).replace(/^./, '8')}`;
  return { e164: `+${digits}`, digits };
}

/** Meta's Embedded Signup on the simulator for this display number, finished by the app. */
async function cloudSignup(client: TestClient, display: string) {
  const signup = await client.post('/simulator/ui-api/cloud/signup', { phone: display, name: 'Loja Sol', state: 'S' });
  expect(signup.statusCode, signup.body).toBe(200);
  const code = new URL(signup.json().redirect as string, 'http://x').searchParams.get('code')!;
  return client.post('/api/numbers/cloud', { code });
}

async function alarms(kind: string): Promise<number> {
  const text = (await e.t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`vendai_abuse_alarms_total{kind="${kind}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const gone = (instanceName: string) =>
  waitFor(
    async () =>
      e.t.app.deps.gateway.connectionState(instanceName).then(
        () => false,
        (err: { status?: number }) => err.status === 404,
      ),
    `instance ${instanceName} deleted at the gateway`,
  );

describe('an unverified claim holds nothing', () => {
  it("another account's pending claim does not block the real owner, whose scan releases it", async () => {
    const phone = mobile();
    const squatter = await signedIn(e.t);
    const { number: squat } = await createNumber(squatter.client, phone);

    const owner = await signedIn(e.t);
    expect(await checkPhone(owner.client, phone)).toEqual({ exists: false, ownedByYou: false });
    const { number } = await createNumber(owner.client, phone);
    // The owner's phone scans: WhatsApp reports it without its ninth digit, still the same phone.
    await approveOnSimulator(owner.client, number.instance_name, `5511${phone.digits.slice(5)}`);
    await waitFor(async () => (await rowOf(number.id))?.phoneVerifiedAt != null, 'the owner verified');
    expect((await rowOf(number.id))!.status).toBe('CONECTADO');

    // The squatter's claim is released, here and at the gateway, and cannot come back.
    await waitFor(async () => (await rowOf(squat.id)) === undefined, 'the pending claim released');
    await gone(squat.instance_name);
    expect(await checkPhone(squatter.client, phone)).toEqual({ exists: true, ownedByYou: false });
    const again = await addNumber(squatter.client, phone);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PHONE_IN_USE);
    expect((await rowsOfPhone(phone.digits)).map((r) => r.userId)).toEqual([owner.userId]);
  });

  it('a script that re-creates the number every 10 minutes never keeps the real owner out', async () => {
    const phone = mobile();
    const squatter = await signedIn(e.t);
    const owner = await signedIn(e.t);
    const sweep = (now: Date) => sweepNumbers(numbersDepsOf(e.t.app), e.t.app.log, now);
    for (let round = 0; round < 2; round++) {
      const { number } = await createNumber(squatter.client, phone);
      const added = (await rowOf(number.id))!.createdAt.getTime();
      await sweep(new Date(added + 10 * 60_000 + 1_000));
      expect(await rowOf(number.id)).toBeUndefined();
    }
    const { number: held } = await createNumber(squatter.client, phone);
    const { number } = await createNumber(owner.client, phone);
    await approveOnSimulator(owner.client, number.instance_name, phone.digits);
    await waitFor(async () => (await rowOf(held.id)) === undefined, 'the pending claim released');
    expect((await rowOf(number.id))!.phoneVerifiedAt).not.toBeNull();
  });
});

describe("the Cloud signup (verified by Meta) wins over another account's unverified claim", () => {
  it('a QR squat, scanned or not by another phone, is released; a verified QR number still holds', async () => {
    const phone = mobile();
    const squatter = await signedIn(e.t);
    const { number: squat } = await createNumber(squatter.client, phone);
    // A failed claim: the squatter's own phone scans it, the connection is cut.
    await approveOnSimulator(squatter.client, squat.instance_name, newPhone().digits);
    await waitFor(async () => (await rowOf(squat.id))?.connectionProblem != null, 'the squat cut');

    const owner = await signedIn(e.t);
    const res = await cloudSignup(owner.client, phone.digits);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ phone: phone.digits, provider: 'cloud', status: 'CONECTADO' });
    expect(await rowOf(squat.id)).toBeUndefined();
    await gone(squat.instance_name);
    expect(await alarms('number_claim_released')).toBeGreaterThanOrEqual(1);

    // A number verified by its own phone is held: another account's Cloud signup of it is refused.
    const held = mobile();
    const first = await signedIn(e.t);
    const { number } = await createNumber(first.client, held);
    await approveOnSimulator(first.client, number.instance_name, held.digits);
    await waitFor(async () => (await rowOf(number.id))?.phoneVerifiedAt != null, 'verified');
    const late = await cloudSignup((await signedIn(e.t)).client, held.digits);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(PHONE_IN_USE);
  });
});

describe('claims of one phone by many accounts', () => {
  it('at most 3 accounts a day by QR code, with an alarm; the Cloud signup is never limited', async () => {
    const phone = mobile();
    const contested = await alarms('number_claim_contested');
    const limited = await alarms('number_claims_limited');
    const claimers = [];
    for (let i = 0; i < 3; i++) {
      const p = await signedIn(e.t);
      await createNumber(p.client, phone);
      claimers.push(p);
    }
    expect(await alarms('number_claim_contested')).toBe(contested + 2);

    const fourth = await signedIn(e.t);
    const refused = await addNumber(fourth.client, phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(PHONE_CLAIMS_LIMITED);
    expect(await alarms('number_claims_limited')).toBe(limited + 1);
    expect((await rowsOfPhone(phone.digits)).length).toBe(3);

    // One of the three may claim it again (it is already counted).
    const [again] = claimers;
    const [own] = await rowsOfPhone(phone.digits).then((rows) => rows.filter((r) => r.userId === again!.userId));
    expect((await again!.client.request({ method: 'DELETE', url: `/api/numbers/${own!.id}` })).statusCode).toBe(204);
    expect((await addNumber(again!.client, phone)).statusCode).toBe(201);

    // A day later the claims no longer count.
    await e.t.database.db.execute(
      sql`update number_claims set claimed_at = claimed_at - interval '25 hours' where phone_key = ${phone.digits}`,
    );
    await sweepNumbers(numbersDepsOf(e.t.app), e.t.app.log);
    expect((await addNumber(fourth.client, phone)).statusCode).toBe(201);
    // The real owner's Cloud signup is not limited and releases all of them.
    const owner = await signedIn(e.t);
    expect((await cloudSignup(owner.client, phone.digits)).statusCode).toBe(201);
    expect((await rowsOfPhone(phone.digits)).map((r) => r.userId)).toEqual([owner.userId]);
  });
});
