/**
 * The business-facts migration (docs/decisions/066-business-facts-in-one-place.md): what owners typed
 * about hours, address, payment methods and delivery areas in FAQ entries and training answers moves into
 * the one record; when they disagree the most recently edited wins (a week set later beats an older text
 * about the hours); every text is kept as typed in moved_texts; the moved FAQ entries go, the others and
 * the training's answers stay; running it again moves nothing more. PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentes, businessHours, knowledgeFaqs } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createAgent, signedIn } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;

const DRIZZLE = path.join(import.meta.dirname, '../drizzle');
const MIGRATION = fs.readdirSync(DRIZZLE).find((f) => f.endsWith('_business-facts.sql'))!;

/** Runs the migration again on the migrated database, statement by statement (as drizzle does). */
async function runMigration() {
  const text = fs.readFileSync(path.join(DRIZZLE, MIGRATION), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));
}

async function faq(userId: string, question: string, answer: string, at: string) {
  const [row] = await db()
    .insert(knowledgeFaqs)
    .values({ userId, question, answer, searchText: `${question}\n${answer}`, updatedAt: new Date(at) })
    .returning();
  return row!.id;
}

const refinement = (pergunta: string, resposta: string) => ({ tipo: 'refinamento' as const, pergunta, resposta });

describe('migration: the business facts move into one place', () => {
  it('keeps the most recently edited text of each topic and every text as typed', async () => {
    // Ana: no week; the training (edited in March) and her FAQ entries disagree.
    const ana = await signedIn(t);
    const agentId = await createAgent(ana.client);
    await db()
      .update(agentes)
      .set({
        respostas: [
          refinement('Em quais dias e horários você atende?', 'Segunda a sábado, das 8h às 17h.'),
          refinement('Quais formas de pagamento você aceita?', 'Só Pix.'),
          refinement('Qual é a garantia?', '90 dias.'),
        ],
        updatedAt: new Date('2026-03-01T12:00:00Z'),
      })
      .where(eq(agentes.id, agentId));
    await faq(ana.userId, 'Qual o horário de funcionamento?', 'Das 9h às 18h.', '2026-01-10T12:00:00Z');
    await faq(ana.userId, 'Aceitam cartão?', 'Pix e cartão em até 3x.', '2026-04-01T12:00:00Z');
    await faq(ana.userId, 'Onde fica a loja?', 'Rua das Flores, 120, Vila Mariana.', '2026-02-01T12:00:00Z');
    await faq(ana.userId, 'Vocês entregam em Moema?', 'Sim, Moema e Saúde, taxa R$ 8.', '2026-02-02T12:00:00Z');
    const warranty = await faq(ana.userId, 'Qual a garantia?', '90 dias.', '2026-02-03T12:00:00Z');

    // Bruno: set his week in May, after his FAQ entry on the hours; the week wins.
    const bruno = await signedIn(t);
    const week = [null, ...Array(5).fill({ from: '08:00', to: '18:00' }), null];
    await db()
      .insert(businessHours)
      .values({ userId: bruno.userId, week, updatedAt: new Date('2026-05-01T12:00:00Z') });
    await faq(bruno.userId, 'Que horas vocês abrem?', 'Às 7h.', '2026-01-01T12:00:00Z');

    // Carla typed nothing about the facts.
    const carla = await signedIn(t);
    await faq(carla.userId, 'Tem estacionamento?', 'Sim, gratuito.', '2026-01-01T12:00:00Z');

    await runMigration();

    const [a] = await db().select().from(businessHours).where(eq(businessHours.userId, ana.userId));
    expect(a).toMatchObject({
      week: null,
      hoursNote: 'Segunda a sábado, das 8h às 17h.', // the training (March) is newer than the FAQ (January)
      paymentMethods: 'Pix e cartão em até 3x.', // the FAQ (April) is newer than the training (March)
      address: 'Rua das Flores, 120, Vila Mariana.',
      deliveryAreas: 'Sim, Moema e Saúde, taxa R$ 8.',
    });
    expect(a!.factsUpdatedAt).not.toBeNull();
    const moved = a!.movedTexts!;
    expect(moved).toHaveLength(6);
    expect(moved).toContainEqual(
      expect.objectContaining({ from: 'faq', topic: 'hours', answer: 'Das 9h às 18h.', kept: false }),
    );
    expect(moved).toContainEqual(
      expect.objectContaining({ from: 'training', topic: 'payment', answer: 'Só Pix.', kept: false }),
    );
    expect(moved.filter((m) => m.kept)).toHaveLength(4);
    // The moved FAQ entries are gone; the warranty stays; the training's answers stay on the agent.
    const anaFaqs = await db().select().from(knowledgeFaqs).where(eq(knowledgeFaqs.userId, ana.userId));
    expect(anaFaqs.map((f) => f.id)).toEqual([warranty]);
    const [agent] = await db().select().from(agentes).where(eq(agentes.id, agentId));
    expect(agent!.respostas).toHaveLength(3);

    const [b] = await db().select().from(businessHours).where(eq(businessHours.userId, bruno.userId));
    expect(b).toMatchObject({ week, hoursNote: null, address: null });
    expect(b!.updatedAt.toISOString()).toBe('2026-05-01T12:00:00.000Z');
    expect(b!.movedTexts).toEqual([expect.objectContaining({ topic: 'hours', answer: 'Às 7h.', kept: false })]);

    expect(await db().select().from(businessHours).where(eq(businessHours.userId, carla.userId))).toEqual([]);
    expect(await db().select().from(knowledgeFaqs).where(eq(knowledgeFaqs.userId, carla.userId))).toHaveLength(1);

    // The settings page reads the moved values.
    const settings = (await ana.client.get('/api/settings/business')).json();
    expect(settings.facts).toEqual({
      hoursNote: 'Segunda a sábado, das 8h às 17h.',
      address: 'Rua das Flores, 120, Vila Mariana.',
      paymentMethods: 'Pix e cartão em até 3x.',
      deliveryAreas: 'Sim, Moema e Saúde, taxa R$ 8.',
    });

    // Again: nothing older than the facts' last change moves, the owner's later edit stays.
    const edited = await ana.client.request({
      method: 'PUT',
      url: '/api/settings/business',
      payload: { timeZone: 'America/Sao_Paulo', paymentMethods: 'Pix.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await runMigration();
    const [again] = await db().select().from(businessHours).where(eq(businessHours.userId, ana.userId));
    expect(again).toMatchObject({ paymentMethods: 'Pix.', hoursNote: 'Segunda a sábado, das 8h às 17h.' });
    expect(again!.movedTexts).toHaveLength(6);
  });
});
