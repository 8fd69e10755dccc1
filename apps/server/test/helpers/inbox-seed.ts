/**
 * Inbox test data written straight into the database (the engine's webhooks are tested with the engine):
 * a signed-in person with a connected number, conversations and messages.
 */
import { conversations, messageInsights, messages, numbers } from '../../src/db/schema/index.ts';
import { newPhone, signedIn } from './number-helpers.ts';
import type { TestApp, TestClient } from './test-app.ts';

export interface InboxPerson {
  client: TestClient;
  userId: string;
  numberId: string;
}

let seq = 0;

export async function personWithNumber(t: TestApp): Promise<InboxPerson> {
  const { client, userId } = await signedIn(t);
  const phone = newPhone();
  const [number] = await t.database.db
    .insert(numbers)
    .values({
      userId,
      token: `tok-${phone.digits}`,
      phone: phone.digits,
      instanceName: `vendai${phone.digits}`,
      status: 'CONECTADO',
    })
    .returning();
  return { client, userId, numberId: number!.id };
}

/** A conversation with this customer; `phone` defaults to a fresh one. */
export async function addConversation(
  t: TestApp,
  p: InboxPerson,
  contactName: string | null,
  phone = `55219${String((seq += 1)).padStart(8, '0')}`,
): Promise<string> {
  const [row] = await t.database.db
    .insert(conversations)
    .values({
      userId: p.userId,
      numberId: p.numberId,
      contactJid: `${phone}@s.whatsapp.net`,
      contactPhone: phone,
      contactName,
    })
    .returning({ id: conversations.id });
  return row!.id;
}

/** Messages of a conversation, one a second apart in the given order (the last is the newest). */
export async function addMessages(
  t: TestApp,
  p: InboxPerson,
  convId: string,
  items: (string | Partial<typeof messages.$inferInsert>)[],
): Promise<string[]> {
  const base = Date.now() - items.length * 1000;
  const rows = await t.database.db
    .insert(messages)
    .values(
      items.map((item, i) => ({
        userId: p.userId,
        convId,
        direction: 'in' as const,
        author: 'contact' as const,
        createdAt: new Date(base + i * 1000),
        ...(typeof item === 'string' ? { content: item } : item),
      })),
    )
    .returning({ id: messages.id });
  return rows.map((r) => r.id);
}

/** What the AI read of a media message (a voice note's transcript, a document's text). */
export async function addInsight(
  t: TestApp,
  p: InboxPerson,
  convId: string,
  messageId: string,
  kind: 'transcript' | 'document' | 'description',
  text: string,
) {
  await t.database.db
    .insert(messageInsights)
    .values({ messageId, userId: p.userId, convId, kind, state: 'done', text });
}
