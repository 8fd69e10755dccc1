/**
 * The contact daily ceiling counts AI answers the way the plans' counters and Resultados do
 * (domain/usage/ai-answers.ts; docs/decisions/021-spend-and-abuse-limits.md): an AI message that went out
 * and does not follow another AI message, failed messages left out — so a failed part between two answers
 * does not hide the second one from the ceiling while the plan counts it. Over stored conversations, on
 * PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { contactAnswersTodaySql } from '../src/domain/ai-reply/contact-daily-ceiling.ts';
import { aiAnswerFlags, type AnswerMessage } from '../src/domain/usage/ai-answers.ts';
import { addConversation, addMessages, type InboxPerson, personWithNumber } from './helpers/inbox-seed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let person: InboxPerson;
beforeAll(async () => {
  t = await createTestApp();
  person = await personWithNumber(t);
});
afterAll(async () => {
  await t?.close();
});

/** A time zone whose day began hours ago, so the test's messages (seconds old) all fall on today. */
function zoneWellIntoItsDay(): string {
  const hour = new Date().getUTCHours();
  return hour >= 2 && hour <= 21 ? 'UTC' : 'Etc/GMT-12';
}

const conversationsToCount: AnswerMessage[][] = [
  [
    { author: 'contact', status: 'received' },
    { author: 'ai', status: 'failed' },
    { author: 'ai', status: 'sent' },
  ],
  [
    { author: 'contact', status: 'received' },
    { author: 'ai', status: 'sent' },
    { author: 'ai', status: 'read' },
    { author: 'contact', status: 'received' },
    { author: 'ai', status: 'delivered' },
  ],
  [
    { author: 'contact', status: 'received' },
    { author: 'ai', status: 'sent' },
    { author: 'ai', status: 'failed' },
    { author: 'contact', status: 'received' },
    { author: 'ai', status: 'failed' },
    { author: 'owner_app', status: 'sent' },
    { author: 'ai', status: 'pending' },
  ],
];

describe('the contact daily ceiling’s count', () => {
  it.each(conversationsToCount.map((c, i) => [i, c] as const))(
    'counts conversation %i as the plans and Resultados do',
    async (_i, msgs) => {
      const convId = await addConversation(t, person, 'Cliente');
      await addMessages(
        t,
        person,
        convId,
        msgs.map((m) => ({
          author: m.author as 'contact' | 'ai' | 'owner_app',
          status: m.status as 'received' | 'sent' | 'delivered' | 'read' | 'failed' | 'pending',
          direction: m.author === 'contact' ? 'in' : 'out',
          fromMe: m.author !== 'contact',
          content: m.author,
        })),
      );
      const zone = zoneWellIntoItsDay();
      const [row] = resultRows<{ n: number }>(
        await t.database.db.execute(
          sql`select (${contactAnswersTodaySql(sql`${convId}::uuid`, sql`${zone}::text`)}) as n`,
        ),
      );
      expect(Number(row!.n)).toBe(aiAnswerFlags(msgs).filter(Boolean).length);
    },
  );
});
