/**
 * Numbers test helpers: people who add a WhatsApp number and whose phone scans its QR code on the
 * built-in simulator, as the connect screen is used.
 */
import { expect } from 'vitest';
import { newPerson, type TestApp, type TestClient } from './test-app.ts';

let phoneSeq = 0;
/** A valid Brazilian mobile nobody has used in this run, as the phone input sends it (E.164). */
export function newPhone(): { e164: string; digits: string } {
  phoneSeq += 1;
  const n = `${Date.now() % 10_000_000}${phoneSeq}`.slice(-8).padStart(8, '0');
  const digits = `55119${n}`;
  return { e164: `+${digits}`, digits };
}

export async function signedIn(app: TestApp): Promise<{ client: TestClient; userId: string }> {
  const client = app.client();
  const res = await client.register(newPerson());
  expect(res.statusCode).toBe(201);
  return { client, userId: res.json().user.id as string };
}

export async function createNumber(client: TestClient, phone = newPhone(), apelido = 'Loja Centro') {
  const res = await client.post('/api/numbers', { phone: phone.e164, apelido });
  expect(res.statusCode, res.body).toBe(201);
  return {
    ...(res.json() as { number: { id: string; instance_name: string; phone: string }; qrCode: string | null }),
    phone,
  };
}

/** The person's phone scans the QR on the simulator page (another tab of the same signed-in browser). */
export async function approveOnSimulator(sim: TestClient, instanceName: string, phoneDigits: string) {
  const view = await sim.get(`/simulator/ui-api/instances/${instanceName}`);
  expect(view.statusCode, view.body).toBe(200);
  const code = view.json().qr?.approveCode as string;
  expect(code).toBeTruthy();
  const res = await sim.post(`/simulator/ui-api/instances/${instanceName}/approve`, { code, phone: phoneDigits });
  expect(res.statusCode, res.body).toBe(200);
}
