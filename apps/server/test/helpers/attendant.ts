import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema/index.ts';
import type { EngineApp, Shop } from './engine-harness.ts';
import { newPerson, type TestClient } from './test-app.ts';

/** An attendant of the owner's account (invited by e-mail, signed up, accepted), signed in. */
export async function attendantOf(e: EngineApp, owner: Shop, phone = '+5511912345678'): Promise<TestClient> {
  const person = newPerson({ fullName: 'Bruno Lima', phone });
  const res = await owner.client.post('/api/team/invitations', { email: person.email });
  if (res.statusCode !== 201) throw new Error(`invite: ${res.statusCode} ${res.body}`);
  const [mail] = await e.t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, person.email.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt));
  const code = decodeURIComponent(/\/convite\?code=(\S+)/.exec(mail!.text)![1]!);
  const client = e.t.client();
  const reg = await client.register(person);
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const accepted = await client.post('/api/team/invitations/accept', { code });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  return client;
}
