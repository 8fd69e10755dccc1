/**
 * No squatting a number (docs/decisions/021-spend-and-abuse-limits.md), through the real app and the
 * built-in simulator: a QR code scanned by another phone cuts the connection at the gateway and the
 * owner reads why (list and connect screen); the right phone connects; a number that never connected
 * is removed by the server's sweep 10 minutes after it was added, with no browser asking. The clock
 * is moved by passing `now` to the sweep, as the results rollup tests do. Runs on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numbers } from '../src/db/schema/index.ts';
import { numbersDepsOf } from '../src/modules/numbers/numbers-deps.ts';
import { sweepNumbers } from '../src/modules/numbers/sweep-numbers.ts';
import { createListeningTestApp, waitFor, type ListeningTestApp } from './helpers/gateway-helpers.ts';
import { approveOnSimulator, createNumber, newPhone, signedIn } from './helpers/number-helpers.ts';

let t: ListeningTestApp;
beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rowOf = async (id: string) => (await t.database.db.select().from(numbers).where(eq(numbers.id, id)))[0];
const sweep = (now: Date) => sweepNumbers(numbersDepsOf(t.app), t.app.log, now);

describe('the phone that scans must be the number claimed', () => {
  it('another phone scans: the connection is cut at the gateway and the owner is told why', async () => {
    const { client } = await signedIn(t);
    const { number } = await createNumber(client);
    const intruder = newPhone();
    await approveOnSimulator(client, number.instance_name, intruder.digits);

    // The connection.update webhook (wuid) brings the cut; the gateway logs the device out.
    await waitFor(async () => (await rowOf(number.id))?.connectionProblem != null, {
      what: 'connection cut',
      timeoutMs: 10_000,
    });
    const row = (await rowOf(number.id))!;
    expect(row.status).toBe('DESCONECTADO');
    expect(row.phoneVerifiedAt).toBeNull();
    expect(row.connectedAt).toBeNull();
    expect(row.connectionProblem).toContain('Conexão cortada');
    await waitFor(async () => (await t.app.deps.gateway.connectionState(number.instance_name)) !== 'open', {
      what: 'gateway logged out',
    });

    // The connect screen's poll and the WhatsApp list say why, in Portuguese.
    const state = (await client.get(`/api/numbers/${number.id}/state`)).json();
    expect(state.status).toBe('DESCONECTADO');
    expect(state.problem).toContain('Leia o QR code com o celular do número cadastrado');
    const [listed] = (await client.get('/api/numbers')).json();
    expect(listed.connection_problem).toContain('Conexão cortada');
  });

  it('the connect screen polls right after the scan (webhook or not): never CONECTADO by another phone', async () => {
    const { client } = await signedIn(t);
    const { number } = await createNumber(client);
    await approveOnSimulator(client, number.instance_name, newPhone().digits);
    const state = (await client.get(`/api/numbers/${number.id}/state`)).json();
    expect(state.status).toBe('DESCONECTADO');
    expect(state.problem).toContain('Conexão cortada');
  });

  it('the right phone then connects, and the problem is cleared', async () => {
    const { client } = await signedIn(t);
    const { number, phone } = await createNumber(client);
    await approveOnSimulator(client, number.instance_name, newPhone().digits);
    await waitFor(async () => (await rowOf(number.id))?.connectionProblem != null, {
      what: 'connection cut',
      timeoutMs: 10_000,
    });

    const qr = (await client.get(`/api/numbers/${number.id}/qr`)).json();
    expect(qr.qrCode).toMatch(/^data:image\/png;base64,/);
    await approveOnSimulator(client, number.instance_name, phone.digits);
    await waitFor(async () => (await rowOf(number.id))?.status === 'CONECTADO', { what: 'connected' });
    await waitFor(async () => (await rowOf(number.id))?.phoneVerifiedAt != null, { what: 'verified' });
    expect((await rowOf(number.id))!.connectionProblem).toBeNull();
    expect((await client.get(`/api/numbers/${number.id}/state`)).json()).toEqual({
      state: 'open',
      status: 'CONECTADO',
    });
  });
});

describe('numbers that never connected expire on the server', () => {
  it('the sweep removes a number 10 minutes after it was added, at the gateway too; connected ones stay', async () => {
    const { client } = await signedIn(t);
    const { number } = await createNumber(client);
    const other = await signedIn(t);
    const { number: connected, phone } = await createNumber(other.client, newPhone(), 'Loja Norte');
    await approveOnSimulator(other.client, connected.instance_name, phone.digits);
    await waitFor(async () => (await rowOf(connected.id))?.phoneVerifiedAt != null, { what: 'connected and verified' });

    const added = (await rowOf(number.id))!.createdAt.getTime();
    // Nine minutes on: still there.
    await sweep(new Date(added + 9 * 60_000));
    expect(await rowOf(number.id)).toBeDefined();

    const run = await sweep(new Date(added + 10 * 60_000 + 1_000));
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect(await rowOf(number.id)).toBeUndefined();
    await expect(t.app.deps.gateway.connectionState(number.instance_name)).rejects.toMatchObject({ status: 404 });
    expect((await rowOf(connected.id))!.status).toBe('CONECTADO');
    expect((await client.get('/api/numbers')).json()).toEqual([]);
  });
});
