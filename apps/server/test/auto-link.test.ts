/**
 * First run (docs/decisions/013-first-run-auto-link.md): the obvious number↔agent link is made for the owner — a newly trained agent
 * on the only number without an agent, a newly added number with the only agent — and nothing else.
 * Driven over HTTP against the real app with the built-in WhatsApp simulator as gateway.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentes, numbers, plans, profiles } from '../src/db/schema/index.ts';
import { agentForNewNumber, numberForNewAgent } from '../src/domain/agent-link/auto-link.ts';
import { createListeningTestApp, type ListeningTestApp } from './helpers/gateway-helpers.ts';
import type { TestClient } from './helpers/test-app.ts';
import { allAnswers, signedIn as signInNew } from './training-helpers.ts';

let t: ListeningTestApp;
beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(async () => {
  await t?.close();
});

let phoneSeq = 0;
function newPhone(): string {
  phoneSeq += 1;
  return `+55219${`${Date.now() % 10_000_000}${phoneSeq}`.slice(-8).padStart(8, '0')}`;
}

const signedIn = () => signInNew(t);

/** A plan with room for 3 agents and 2 numbers ('expansao-ia'), set as an upgrade would. */
async function upgrade(userId: string) {
  const [plan] = await t.database.db.select().from(plans).where(eq(plans.slug, 'expansao-ia'));
  await t.database.db.update(profiles).set({ activePlanId: plan!.id }).where(eq(profiles.id, userId));
}

async function addNumber(client: TestClient, apelido = 'Loja Centro') {
  const res = await client.post('/api/numbers', { phone: newPhone(), apelido });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().number as { id: string; agente: string | null; agente_nome: string | null };
}

async function train(client: TestClient, apelido = 'Luna') {
  const res = await client.post('/api/training/finish', { mode: 'create', apelido, respostas: allAnswers() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { agentId: string; linkedNumberId: string | null };
}

const agentOf = async (numberId: string) =>
  (await t.database.db.select({ agente: numbers.agente }).from(numbers).where(eq(numbers.id, numberId)))[0]!.agente;

describe('the rules', () => {
  it('a new agent takes the only number, and only when it has no agent', () => {
    expect(numberForNewAgent([])).toBeNull();
    expect(numberForNewAgent([{ id: 'n1', agente: null }])).toBe('n1');
    expect(numberForNewAgent([{ id: 'n1', agente: 'a0' }])).toBeNull();
    expect(
      numberForNewAgent([
        { id: 'n1', agente: null },
        { id: 'n2', agente: null },
      ]),
    ).toBeNull();
  });
  it('a new number takes the only agent, and only when it is active', () => {
    expect(agentForNewNumber([])).toBeNull();
    expect(agentForNewNumber([{ id: 'a1', active: true }])).toBe('a1');
    expect(agentForNewNumber([{ id: 'a1', active: false }])).toBeNull();
    expect(
      agentForNewNumber([
        { id: 'a1', active: true },
        { id: 'a2', active: true },
      ]),
    ).toBeNull();
  });
});

describe('after training (POST /api/training/finish)', () => {
  it('one number with no agent: the new agent is linked to it and the result says so', async () => {
    const { client } = await signedIn();
    const number = await addNumber(client);
    expect(number.agente).toBeNull();
    const { agentId, linkedNumberId } = await train(client);
    expect(linkedNumberId).toBe(number.id);
    const list = (await client.get('/api/numbers')).json() as {
      id: string;
      agente: string | null;
      agente_nome: string | null;
    }[];
    expect(list).toEqual([expect.objectContaining({ id: number.id, agente: agentId, agente_nome: 'Luna' })]);
  });

  it('no number yet: nothing to link', async () => {
    const { client } = await signedIn();
    expect((await train(client)).linkedNumberId).toBeNull();
  });

  it('two numbers: the owner chooses, nothing is linked', async () => {
    const { client, userId } = await signedIn();
    await upgrade(userId);
    const a = await addNumber(client, 'Loja Centro');
    const b = await addNumber(client, 'Loja Shopping');
    expect((await train(client)).linkedNumberId).toBeNull();
    expect(await agentOf(a.id)).toBeNull();
    expect(await agentOf(b.id)).toBeNull();
  });

  it('the only number already has an agent: it keeps it', async () => {
    const { client, userId } = await signedIn();
    await upgrade(userId);
    const first = await train(client, 'Primeiro');
    const number = await addNumber(client);
    expect(number.agente).toBe(first.agentId);
    const second = await train(client, 'Segundo');
    expect(second.linkedNumberId).toBeNull();
    expect(await agentOf(number.id)).toBe(first.agentId);
  });

  it('retraining an agent links nothing', async () => {
    const { client, userId } = await signedIn();
    await upgrade(userId);
    const a = await addNumber(client, 'Loja Centro');
    const { agentId, linkedNumberId } = await train(client);
    expect(linkedNumberId).toBe(a.id);
    await client.request({ method: 'PATCH', url: `/api/numbers/${a.id}`, payload: { agente: null } });
    const res = await client.post('/api/training/finish', {
      mode: 'update',
      agentId,
      apelido: 'Luna',
      respostas: allAnswers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().linkedNumberId).toBeNull();
    expect(await agentOf(a.id)).toBeNull();
  });
});

describe('after adding a number (POST /api/numbers)', () => {
  it('the only agent is linked to the new number', async () => {
    const { client } = await signedIn();
    const { agentId } = await train(client);
    const number = await addNumber(client);
    expect(number).toMatchObject({ agente: agentId, agente_nome: 'Luna' });
  });

  it('two agents, or an only agent that is inactive: nothing is linked', async () => {
    const two = await signedIn();
    await upgrade(two.userId);
    await train(two.client, 'Um');
    await train(two.client, 'Dois');
    expect((await addNumber(two.client)).agente).toBeNull();

    const inactive = await signedIn();
    const { agentId } = await train(inactive.client);
    await t.database.db.update(agentes).set({ active: false }).where(eq(agentes.id, agentId));
    expect((await addNumber(inactive.client)).agente).toBeNull();
  });

  it('another owner’s only agent is never used', async () => {
    const other = await signedIn();
    await train(other.client);
    const { client } = await signedIn();
    expect((await addNumber(client)).agente).toBeNull();
  });
});
