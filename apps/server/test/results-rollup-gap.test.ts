/**
 * Resultados' background rollup over a history with a long silence (docs/decisions/017-results-figures.md):
 * the steps jump over the empty stretch instead of walking it a day at a time, and the rolled-up rows
 * are the ones the live read computes over the whole history at once. On PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conversations, messages, numbers } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { hourlyCtes } from '../src/modules/results/hourly-figures-repository.ts';
import { rollupMark, rollUpStep } from '../src/modules/results/results-rollup-repository.ts';
import { settledUntil } from '../src/modules/results/results-rollup.ts';
import { createTestApp, newPerson, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Author = 'contact' | 'ai' | 'owner_app' | 'owner_phone';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('Resultados rollup across a long gap', () => {
  it('rolls two years of silence in a few steps, with the figures of a live read of the whole history', async () => {
    const res = await t.client().register(newPerson());
    expect(res.statusCode).toBe(201);
    const userId = res.json().user.id as string;
    const [number] = await t.database.db
      .insert(numbers)
      .values({ userId, token: 't', phone: '5511988887777', instanceName: `gap${randomUUID().slice(0, 8)}` })
      .returning();
    const now = Date.now();
    // Five minutes past an hour: each exchange below stays inside its hour whatever the clock says.
    const inHour = (ms: number) => ms - (ms % HOUR) + 5 * 60_000;
    const old = inHour(now - 2 * 365 * DAY - 3 * DAY);
    const recent = inHour(now - 2 * DAY);
    const [conv] = await t.database.db
      .insert(conversations)
      .values({ userId, numberId: number!.id, contactJid: `${randomUUID()}@s.whatsapp.net`, createdAt: new Date(old) })
      .returning();
    const row = (ms: number, author: Author) => ({
      userId,
      convId: conv!.id,
      direction: author === 'contact' ? ('in' as const) : ('out' as const),
      fromMe: author !== 'contact',
      author,
      content: 'mensagem',
      status: author === 'contact' ? ('received' as const) : ('sent' as const),
      createdAt: new Date(ms),
    });
    // Two years ago: answered by the AI, then the owner took over. Two days ago, the same customer is
    // back and the AI answers; 30 hours later (the next step) the owner answers from the phone: its
    // previous owner hour is two years back, behind a rolled hour without the owner.
    await t.database.db
      .insert(messages)
      .values([
        row(old, 'contact'),
        row(old + 20_000, 'ai'),
        row(old + 600_000, 'owner_app'),
        row(recent, 'contact'),
        row(recent + 30_000, 'ai'),
        row(recent + 30 * HOUR, 'contact'),
        row(recent + 30 * HOUR + 60_000, 'owner_phone'),
      ]);

    const until = settledUntil(new Date(now));
    const start = await rollupMark(t.database.db, userId, until);
    let mark: Date | null = start;
    let steps = 0;
    for (; mark && mark < until && steps < 50; steps += 1) {
      mark = await rollUpStep(t.database.db, userId, until, { maxHours: 24, wait: true });
    }
    expect(mark).toEqual(until);
    // Day by day it would be ≈ 735 steps: one for the old day, one for the recent days, one to the end.
    expect(steps).toBeLessThanOrEqual(4);

    const live = async (table: 'hourly' | 'responses' | 'active') =>
      resultRows<Record<string, unknown>>(
        await t.database.db.execute(
          sql`with ${hourlyCtes(userId, start, until)} select * from ${sql.raw(table)} order by 1, 2, 3, 4`,
        ),
      ).map(normalize);
    const rolled = async (table: string, columns: string) =>
      resultRows<Record<string, unknown>>(
        await t.database.db.execute(
          sql`select ${sql.raw(columns)} from ${sql.raw(table)} where user_id = ${userId} order by 1, 2, 3, 4`,
        ),
      ).map(normalize);
    const hourly = await live('hourly');
    expect(hourly.map((h) => h.messages_in)).toEqual([1, 1, 1]);
    expect(hourly.reduce((n, h) => n + Number(h.handovers_inbox) + Number(h.handovers_phone), 0)).toBe(2);
    expect(
      await rolled(
        'results_hourly',
        `number_id, hour, conversations_started, messages_in, messages_out, ai_messages, owner_messages,
         ai_answers, handovers_inbox, handovers_phone, opt_outs, failed_sends`,
      ),
    ).toEqual(hourly);
    expect(await rolled('results_responses_hourly', 'number_id, hour, who, bucket, n')).toEqual(
      await live('responses'),
    );
    const active = await live('active');
    const oldHour = new Date(old - (old % HOUR)).toISOString();
    expect(active.at(-1)).toMatchObject({ has_owner: true, prev_owner: oldHour });
    expect(
      await rolled(
        'results_active_hourly',
        'number_id, hour, conv_id, has_in, has_out, has_owner, prev_in, prev_out, prev_owner',
      ),
    ).toEqual(active);
  });
});

/** Rows as plain values (PGlite and node-postgres return timestamps and counts differently). */
function normalize(r: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(r).map(([k, v]) => [
      k,
      v instanceof Date || (typeof v === 'string' && /^\d{4}-\d\d-\d\d[ T]\d\d:/.test(v))
        ? new Date(v as string).toISOString()
        : typeof v === 'bigint' || (typeof v === 'string' && /^\d+$/.test(v))
          ? Number(v)
          : v,
    ]),
  );
}
